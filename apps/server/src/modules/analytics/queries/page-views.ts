import { UNKNOWN_COUNTRY } from '@rasma/contract';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  analyticsSalts,
  pageViewHourly,
  pageViews,
  pageViewVisitors,
  type PageViewDimension,
} from '../../../db/schema.js';

export interface PageView {
  visitorId: string;
  path: string;
  referrerHost: string | null;
  device: string;
  browser: string;
  country: string | null;
}

/**
 * Stores a page view and counts it in the hourly rollup (`hour`), in one transaction. A visitor's
 * first view of the UTC `day` also counts them once in that hour's `visitors`.
 */
export async function insertPageView(
  db: Db,
  view: PageView,
  at: { time: Date; day: string; hour: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(pageViews).values({ ...view, createdAt: at.time });
    const firstToday = await tx
      .insert(pageViewVisitors)
      .values({ day: at.day, visitorId: view.visitorId })
      .onConflictDoNothing()
      .returning({ day: pageViewVisitors.day });
    const counted: [PageViewDimension, string][] = [
      ['total', ''],
      ['path', view.path],
      ['device', view.device],
      ['browser', view.browser],
      ['country', view.country ?? UNKNOWN_COUNTRY],
    ];
    if (firstToday.length > 0) counted.push(['visitors', '']);
    await tx
      .insert(pageViewHourly)
      .values(counted.map(([dimension, value]) => ({ dimension, hour: at.hour, value, views: 1 })))
      .onConflictDoUpdate({
        target: [pageViewHourly.dimension, pageViewHourly.hour, pageViewHourly.value],
        set: { views: sql`${pageViewHourly.views} + 1` },
      });
  });
}

/** The day's salt: `fresh` stored unless the day has one already, then the stored one. */
export async function saltOfDay(db: Db, day: string, fresh: string): Promise<string | undefined> {
  await db.insert(analyticsSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
  return row?.salt;
}

/** Deletes the salts of days before `day`. */
export async function deleteSaltsBefore(db: Db, day: string): Promise<void> {
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
}

/** Deletes single views made before `cutoff`, and the visitor ids of days before `cutoffDay`. */
export async function deleteViewsBefore(db: Db, cutoff: Date, cutoffDay: string): Promise<void> {
  await db.delete(pageViews).where(lt(pageViews.createdAt, cutoff));
  await db.delete(pageViewVisitors).where(lt(pageViewVisitors.day, cutoffDay));
}
