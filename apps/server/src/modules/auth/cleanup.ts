import type { Db } from '../../db/client.js';
import { deleteOldRateLimitHits } from '../../limits/rate-limiter.js';
import { deleteCodesBefore } from './queries.js';
import type { SessionStore } from './session-store.js';

/** Codes are kept a day past expiry, for looking into abuse. */
const CODE_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface CleanupDeps {
  db: Db;
  sessions: SessionStore;
}

export async function deleteExpiredAuthRecords(
  { db, sessions }: CleanupDeps,
  now = new Date(),
): Promise<void> {
  await sessions.deleteExpired(now);
  await deleteOldRateLimitHits(db, now);
  await deleteCodesBefore(db, new Date(now.getTime() - CODE_RETENTION_MS));
}
