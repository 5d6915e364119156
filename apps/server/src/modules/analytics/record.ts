import { UNKNOWN_COUNTRY } from '@rasma/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  pageViewHourly,
  pageViews,
  pageViewVisitors,
  type PageViewDimension,
} from '../../db/schema.js';
import { utcDay } from './visitor.js';

export interface PageView {
  visitorId: string;
  path: string;
  referrerHost: string | null;
  device: string;
  browser: string;
  country: string | null;
}

export const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);

/**
 * Stores a page view and counts it in the hourly rollup, in one transaction. A visitor's first view
 * of the UTC day also counts them once in that hour's `visitors`.
 */
export async function recordPageView(db: Db, view: PageView, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(pageViews).values({ ...view, createdAt: at });
    const firstToday = await tx
      .insert(pageViewVisitors)
      .values({ day: utcDay(at), visitorId: view.visitorId })
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
    const hour = floorHour(at);
    await tx
      .insert(pageViewHourly)
      .values(counted.map(([dimension, value]) => ({ dimension, hour, value, views: 1 })))
      .onConflictDoUpdate({
        target: [pageViewHourly.dimension, pageViewHourly.hour, pageViewHourly.value],
        set: { views: sql`${pageViewHourly.views} + 1` },
      });
  });
}
