import { AppError } from '../../errors.js';
import { applyCreditChange, type DbOrTx } from './ledger.js';
import { ledgerEntryByKey } from './queries.js';

export interface AdminRefund {
  userId: string;
  credits: number;
  reason: string;
  adminEmail: string;
  /** The client's key for this refund: a retry with the same key adds nothing more. */
  idempotencyKey: string;
}

/**
 * Credits an administrator adds to a user: one `admin_refund` ledger row naming the admin and the
 * reason, in the caller's transaction. Returns false when this key was already used for the same
 * refund (a retry: nothing more is added); a key used for a different one is a 409, so the admin is
 * never told of credits that were not added.
 */
export async function addAdminRefund(tx: DbOrTx, refund: AdminRefund): Promise<boolean> {
  const change = {
    userId: refund.userId,
    delta: refund.credits,
    kind: 'admin_refund' as const,
    reason: `${refund.reason} (by ${refund.adminEmail})`,
    idempotencyKey: `admin_refund:${refund.userId}:${refund.idempotencyKey}`,
  };
  if (await applyCreditChange(tx, change)) return true;
  const earlier = await ledgerEntryByKey(tx, change.idempotencyKey);
  if (earlier?.delta !== change.delta || earlier.reason !== change.reason) {
    throw new AppError(
      409,
      'This Idempotency-Key was already used for a different refund: nothing was added.',
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  return false;
}
