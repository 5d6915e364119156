import type { Db } from '../db/client.js';
import type { ErrorCode } from '@rasma/contract';
import { AppError } from '../errors.js';
import { countHitsSince, deleteHitsBefore, insertHit } from './queries.js';

export interface RateLimit {
  max: number;
  windowMs: number;
  /** The 429's message, telling the person what to do. */
  message: string;
  /** The 429's code, when it is not the generic `RATE_LIMITED`. */
  code?: ErrorCode;
}

/** Hits are kept this long; no limit may have a longer window. */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one hit on `key` and refuses it with a 429 when the window already holds `max`. Held in the
 * database, so every server process shares the count. The hit is recorded before counting: concurrent
 * requests each see the others, and a client that keeps hammering stays refused.
 */
export async function hitRateLimit(db: Db, key: string, limit: RateLimit): Promise<void> {
  await recordHit(db, key);
  if ((await hitsInWindow(db, key, limit)) > limit.max) throw rateLimited(limit);
}

/**
 * For what is counted only once it is done (a project made, not one tried): a 429 when the window
 * already holds `max`, recording nothing; `recordHit` counts it once it is done.
 */
export async function refuseWhenLimitReached(db: Db, key: string, limit: RateLimit): Promise<void> {
  if ((await hitsInWindow(db, key, limit)) >= limit.max) throw rateLimited(limit);
}

export async function recordHit(db: Pick<Db, 'insert'>, key: string): Promise<void> {
  await insertHit(db, key);
}

async function hitsInWindow(db: Db, key: string, limit: RateLimit): Promise<number> {
  return countHitsSince(db, key, new Date(Date.now() - limit.windowMs));
}

const rateLimited = (limit: RateLimit) =>
  new AppError(429, limit.message, limit.code ?? 'RATE_LIMITED', {
    retryAfterSeconds: limit.windowMs / 1000,
  });

export async function deleteOldRateLimitHits(db: Db, now: Date): Promise<void> {
  await deleteHitsBefore(db, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS));
}
