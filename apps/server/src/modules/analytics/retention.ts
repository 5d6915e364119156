import type { Db } from '../../db/client.js';
import { deleteEndedCeilings } from './flood.js';
import { deleteSaltsBefore, deleteViewsBefore } from './queries/page-views.js';
import { utcDay } from './visitor.js';

/**
 * Single views and the days' visitor ids are kept 31 days: no report reads further back than 30 days
 * of them (older figures live on in the hourly rollup, which holds no visitor id).
 */
const KEEP_DAYS = 31;

/**
 * Deletes the salts of days before `now`'s (a past day's visitor ids can then never be linked or
 * recomputed), what is older than the kept days and the counts of the ceilings' ended windows
 * (the periodic `analyticsCleanup` job).
 */
export async function deleteOldAnalytics(db: Db, now = new Date()): Promise<void> {
  const today = utcDay(now);
  await deleteSaltsBefore(db, today);
  const cutoff = new Date(Date.parse(`${today}T00:00:00Z`) - KEEP_DAYS * 24 * 3_600_000);
  await deleteViewsBefore(db, cutoff, utcDay(cutoff));
  await deleteEndedCeilings(db, now);
}
