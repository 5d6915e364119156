import { STORAGE_LIMITS, storageFullMessage, type StorageUsage } from '@rasma/contract';
import { AppError } from '../../errors.js';
import { userNotFound } from '../../db/ownership.js';
import type { DbOrTx } from '../credits/ledger.js';
import { storedBytesAndTier } from './queries.js';

/** What the person keeps against their plan's quota. */
export async function storageUsage(db: DbOrTx, userId: string): Promise<StorageUsage> {
  const stored = await storedBytesAndTier(db, userId);
  if (!stored) throw userNotFound();
  return { usedBytes: stored.usedBytes, quotaBytes: STORAGE_LIMITS.quotaBytes[stored.tier] };
}

/** Before an upload is read: a 409 when the person has no room left at all. */
export const requireRoom = (db: DbOrTx, userId: string) =>
  refuseWhen(db, userId, ({ usedBytes, quotaBytes }) => usedBytes >= quotaBytes);

/**
 * In the transaction that records new files (the user's row locked, the new files counted): a 409
 * when they took the person past their quota, which rolls them back.
 */
export const requireWithinQuota = (db: DbOrTx, userId: string) =>
  refuseWhen(db, userId, ({ usedBytes, quotaBytes }) => usedBytes > quotaBytes);

async function refuseWhen(db: DbOrTx, userId: string, full: (usage: StorageUsage) => boolean) {
  const usage = await storageUsage(db, userId);
  if (full(usage)) throw new AppError(409, storageFullMessage(usage), 'STORAGE_QUOTA_REACHED');
}
