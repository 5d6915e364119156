import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitHits } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface RateLimit {
  max: number;
  windowMs: number;
  /** The 429's message, telling the person what to do. */
  message: string;
}

/** Hits are kept this long; no limit may have a longer window. */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one hit on `key` and refuses it with a 429 when the window already holds `max`. Held in the
 * database, so every server process shares the count. The hit is recorded before counting: concurrent
 * requests each see the others, and a client that keeps hammering stays refused.
 */
export async function hitRateLimit(db: Db, key: string, limit: RateLimit): Promise<void> {
  await db.insert(rateLimitHits).values({ key });
  const since = new Date(Date.now() - limit.windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  if ((row?.n ?? 0) > limit.max) throw new AppError(429, limit.message, 'RATE_LIMITED');
}

export async function deleteOldRateLimitHits(db: Db, now: Date): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.createdAt, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS)));
}
