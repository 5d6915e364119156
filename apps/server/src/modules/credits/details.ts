import type { UserDetails } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { userNotFound } from '../../db/ownership.js';
import { currentPeriod, type PeriodHolder } from './periods.js';
import { planHolderOf, videoCreditsSince } from './queries.js';

/** A user's plan as their row holds it. */
export type PlanHolder = NonNullable<Awaited<ReturnType<typeof planHolderOf>>>;

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
  const used = await videoCreditsSince(
    db,
    holders.map((user) => ({ id: user.id, since: currentPeriod(user, now).start })),
  );
  return new Map(holders.map((user) => [user.id, Math.max(0, used.get(user.id) ?? 0)]));
}

/**
 * Spec 3's user details of a user's row: the plan, its current period (a free user's week, or a
 * paid plan's month, whose end is the renewal date), any scheduled change and the credits used in
 * the period.
 */
export async function planDetails(
  db: Db,
  user: PlanHolder,
  now = new Date(),
): Promise<UserDetails> {
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
  const holder = await planHolderOf(db, userId);
  if (!holder) throw userNotFound();
  return planDetails(db, holder, now);
}
