import { applyCreditChange, type DbOrTx } from './ledger.js';

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
 * reason, in the caller's transaction. Returns false when this key was already used for the user.
 */
export function addAdminRefund(tx: DbOrTx, refund: AdminRefund): Promise<boolean> {
  return applyCreditChange(tx, {
    userId: refund.userId,
    delta: refund.credits,
    kind: 'admin_refund',
    reason: `${refund.reason} (by ${refund.adminEmail})`,
    idempotencyKey: `admin_refund:${refund.userId}:${refund.idempotencyKey}`,
  });
}
