import { SIGNUP_GRANT_CREDITS, type LedgerKind } from '@rasma/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** A database handle or an open transaction: ledger changes join the caller's transaction. */
export type DbOrTx = Pick<Db, 'insert' | 'update' | 'select'>;

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
  const inserted = await tx
    .insert(creditLedger)
    .values({
      userId: change.userId,
      delta: change.delta,
      kind: change.kind,
      reason: change.reason,
      idempotencyKey: change.idempotencyKey,
      videoId: change.videoId ?? null,
    })
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return false;
  const updated = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.delta}`, updatedAt: new Date() })
    .where(and(eq(users.id, change.userId), gte(sql`${users.credits} + ${change.delta}`, 0)))
    .returning({ credits: users.credits });
  if (updated.length === 0) throw insufficientCredits();
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

/**
 * The user's balance, read fresh (kept in step with the ledger inside each change's transaction).
 * A prepared statement: the balance is asked for on every page, and planning the query each time
 * was half its cost on the embedded database.
 */
export function creditBalanceQuery(db: Db): (userId: string) => Promise<number> {
  const query = db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('credit_balance');
  return async (userId) => (await query.execute({ userId }))[0]?.credits ?? 0;
}
