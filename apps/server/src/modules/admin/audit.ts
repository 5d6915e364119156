import type { DbOrTx } from '../credits/ledger.js';
import { adminAuditLog } from '../../db/schema.js';
import type { SessionUser } from '../../http/guards.js';

export interface AdminAction {
  admin: SessionUser;
  /** What was done, e.g. `refund`. */
  action: string;
  targetUserId: string;
  details: Record<string, unknown>;
}

/** Writes who did what to whom, in the transaction of the change itself (both land or neither). */
export async function recordAdminAction(tx: DbOrTx, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: entry.admin.id,
    adminEmail: entry.admin.email,
    action: entry.action,
    targetUserId: entry.targetUserId,
    details: entry.details,
  });
}
