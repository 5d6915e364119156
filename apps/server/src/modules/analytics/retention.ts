import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageViews, pageViewVisitors } from '../../db/schema.js';

/**
 * Single views and the days' visitor ids are kept 31 days: no report reads further back than 30 days
 * of them (older figures live on in the hourly rollup, which holds no visitor id).
 */
const KEEP_DAYS = 31;

/** Deletes what is older than the kept days before `day` (`YYYY-MM-DD`, UTC). */
export async function deleteOldPageViews(db: Db, day: string): Promise<void> {
  const cutoff = new Date(Date.parse(`${day}T00:00:00Z`) - KEEP_DAYS * 24 * 3_600_000);
  await db.delete(pageViews).where(lt(pageViews.createdAt, cutoff));
  await db
    .delete(pageViewVisitors)
    .where(lt(pageViewVisitors.day, cutoff.toISOString().slice(0, 10)));
}
