import { PLANS, type SubscriptionTier } from '@rasma/contract';
import { and, eq, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';
import { applyCreditChange, type DbOrTx } from './ledger.js';
import { freeWeek } from './periods.js';

const WEEK_SECONDS = 7 * 24 * 60 * 60;

export const weeklyGrantKey = (userId: string, week: number) => `weekly_grant:${userId}:${week}`;

/**
 * The free plan's credits for every free user whose current week has no grant yet (the first week
 * came with the account). The ledger's key makes each week's grant happen once, however many
 * processes run this at the same time or how often; a week that began while no server ran is
 * granted on the next run. Returns how many users got credits.
 */
export async function grantDueWeeklyCredits(db: Db, now = new Date()): Promise<number> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const currentWeek = sql`floor(extract(epoch from (${nowSql} - ${users.createdAt})) / ${WEEK_SECONDS})::int`;
  const due = await db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(
      and(
        eq(users.subscriptionTier, 'free'),
        lte(users.createdAt, new Date(now.getTime() - WEEK_SECONDS * 1000)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(creditLedger)
            .where(
              eq(
                creditLedger.idempotencyKey,
                sql`'weekly_grant:' || ${users.id} || ':' || ${currentWeek}`,
              ),
            ),
        ),
      ),
    );
  let granted = 0;
  for (const row of due) {
    const week = freeWeek(row.createdAt, now);
    const added = await db.transaction((tx) =>
      applyCreditChange(tx, {
        userId: row.id,
        delta: PLANS.free.credits,
        kind: 'weekly_grant',
        reason: 'Free plan: weekly credits',
        idempotencyKey: weeklyGrantKey(row.id, week.index),
      }),
    );
    if (added) granted += 1;
  }
  return granted;
}

/** A paid plan's credits for the period starting at `periodStart`: once per user and period. */
export function grantPlanCredits(
  tx: DbOrTx,
  grant: { userId: string; tier: SubscriptionTier; periodStart: Date },
): Promise<boolean> {
  const plan = PLANS[grant.tier];
  return applyCreditChange(tx, {
    userId: grant.userId,
    delta: plan.credits,
    kind: 'plan_grant',
    reason: `${capitalised(grant.tier)} plan: monthly credits`,
    idempotencyKey: `plan_grant:${grant.userId}:${grant.periodStart.toISOString()}`,
  });
}

export const capitalised = (tier: SubscriptionTier) => tier[0]!.toUpperCase() + tier.slice(1);
