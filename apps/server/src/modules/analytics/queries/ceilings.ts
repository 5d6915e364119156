import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { analyticsCeilings } from '../../../db/schema.js';

/** The windows' starts of these keys, by key (a key without a row has none). */
export async function windowStarts(db: Db, keys: string[]): Promise<Map<string, Date>> {
  const rows = await db
    .select()
    .from(analyticsCeilings)
    .where(inArray(analyticsCeilings.key, keys));
  return new Map(rows.map((row) => [row.key, row.windowStart]));
}

/** Sets `key`'s window start (a row made or replaced). */
export async function setWindowStart(db: Db, key: string, start: Date): Promise<void> {
  await db
    .insert(analyticsCeilings)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: analyticsCeilings.key, set: { windowStart: start } });
}

/**
 * Adds one to `key`'s count, in a new window from `now` when its last (`windowMs` long) has ended,
 * unless the window already holds `max`; the window's start when it counted, undefined when not.
 */
export async function countInWindow(
  db: Db,
  key: string,
  max: number,
  windowMs: number,
  now: Date,
): Promise<Date | undefined> {
  const ended = sql`${analyticsCeilings.windowStart} <= ${new Date(now.getTime() - windowMs)}`;
  const [counted] = await db
    .insert(analyticsCeilings)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: analyticsCeilings.key,
      set: {
        windowStart: sql`case when ${ended} then excluded.window_start else ${analyticsCeilings.windowStart} end`,
        count: sql`case when ${ended} then 1 else ${analyticsCeilings.count} + 1 end`,
      },
      setWhere: sql`${ended} or ${analyticsCeilings.count} < ${max}`,
    })
    .returning({ windowStart: analyticsCeilings.windowStart });
  return counted?.windowStart;
}

/** Deletes the counts whose windows started before `cutoff`. */
export async function deleteWindowsBefore(db: Db, cutoff: Date): Promise<void> {
  await db.delete(analyticsCeilings).where(lt(analyticsCeilings.windowStart, cutoff));
}
