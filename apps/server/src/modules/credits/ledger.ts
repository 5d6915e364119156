import { SIGNUP_GRANT_CREDITS, type LedgerKind } from '@rasma/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { addToBalance, insertLedgerEntry } from './queries.js';

export type { DbOrTx } from '../../db/client.js';

export interface CreditChange {
  userId: string;
  /** Signed: a grant or refund adds, a debit takes. */
  delta: number;
  kind: LedgerKind;
  reason: string;
  /** Makes the change happen at most once: a repeat with the same key changes nothing. */
  idempotencyKey: string;
  videoId?: string;
}

export const insufficientCredits = () =>
  new AppError(402, 'Insufficient credits', 'INSUFFICIENT_CREDITS');

/**
 * Applies one change: a ledger row and the balance, in the caller's transaction (so both land or
 * neither). Returns false when the key was already used (nothing changes). A debit the balance cannot
 * cover throws 402 `Insufficient credits`, which rolls the row back: the balance never goes below
 * zero, also under concurrent debits (the balance update locks the user's row).
 */
export async function applyCreditChange(tx: DbOrTx, change: CreditChange): Promise<boolean> {
  if (!(await insertLedgerEntry(tx, change))) return false;
  if (!(await addToBalance(tx, change.userId, change.delta))) throw insufficientCredits();
  return true;
}

/** The first-week grant of a new account: once per user, whoever asks how often. */
export async function grantSignupCredits(tx: DbOrTx, userId: string): Promise<void> {
  await applyCreditChange(tx, {
    userId,
    delta: SIGNUP_GRANT_CREDITS,
    kind: 'signup_grant',
    reason: 'Welcome: first week of the free plan',
    idempotencyKey: `signup:${userId}`,
  });
}
