import type { UserDetails } from '@rasma/contract';
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditLedger } from '../../db/schema.js';
import { requireUserById, type UserRow } from '../auth/users.js';
import { currentPeriod, type PeriodHolder } from './periods.js';

/**
 * Credits used this cycle, for each of these users: video debits less their refunds since the
 * user's current period began, from the ledger (one query for them all). The figure of the user's
 * own page and of the admin's.
 */
export async function creditsUsedThisCycle(
  db: Db,
  holders: readonly (PeriodHolder & { id: string })[],
  now: Date,
): Promise<Map<string, number>> {
  if (holders.length === 0) return new Map();
  const rows = await db
    .select({ userId: creditLedger.userId, used: sql<string | null>`-sum(${creditLedger.delta})` })
    .from(creditLedger)
    .where(
      and(
        inArray(creditLedger.kind, ['video_debit', 'video_refund']),
        or(
          ...holders.map((user) =>
            and(
              eq(creditLedger.userId, user.id),
              gte(creditLedger.createdAt, currentPeriod(user, now).start),
            ),
          ),
        ),
      ),
    )
    .groupBy(creditLedger.userId);
  const used = new Map(rows.map((row) => [row.userId, Math.max(0, Number(row.used ?? 0))]));
  return new Map(holders.map((user) => [user.id, used.get(user.id) ?? 0]));
}

/**
 * Spec 3's user details of a user's row: the plan, its current period (a free user's week, or a
 * paid plan's month, whose end is the renewal date), any scheduled change and the credits used in
 * the period.
 */
export async function planDetails(db: Db, user: UserRow, now = new Date()): Promise<UserDetails> {
  const period = currentPeriod(user, now);
  const used = await creditsUsedThisCycle(db, [user], now);
  return {
    subscriptionTier: user.subscriptionTier,
    pendingSubscriptionTier: user.pendingSubscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionEndsAt: user.pendingSubscriptionTier ? (period.end?.toISOString() ?? null) : null,
    subscriptionEndDate: period.end?.toISOString() ?? null,
    cycleStartDate: period.start.toISOString(),
    creditsUsedThisCycle: used.get(user.id) ?? 0,
  };
}

/** Spec 3's user details of the signed-in user. */
export async function userDetails(db: Db, userId: string, now = new Date()): Promise<UserDetails> {
  return planDetails(db, await requireUserById(db, userId), now);
}
