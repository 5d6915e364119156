import { PLANS, type SubscriptionTier } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { applyCreditChange, type DbOrTx } from './ledger.js';
import { freeWeek } from './periods.js';
import { creditsUnderKey, usersWithoutWeekGrant } from './queries.js';

const WEEK_SECONDS = 7 * 24 * 60 * 60;

const WEEKLY_GRANT_PREFIX = 'weekly_grant:';
export const weeklyGrantKey = (userId: string, week: number) =>
  `${WEEKLY_GRANT_PREFIX}${userId}:${week}`;

/**
 * The free plan's credits for every free user whose current week has no grant yet (the first week
 * came with the account). The ledger's key makes each week's grant happen once, however many
 * processes run this at the same time or how often; a week that began while no server ran is
 * granted on the next run. Returns how many users got credits.
 */
export async function grantDueWeeklyCredits(db: Db, now = new Date()): Promise<number> {
  const due = await usersWithoutWeekGrant(db, now, WEEK_SECONDS, WEEKLY_GRANT_PREFIX);
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

/**
 * Brings a paid period's plan credits up to what `tier` gives a month: a new period's credits, or an
 * upgrade's difference. Whatever the order of payments and events, a period's plan credits never
 * pass those of the highest tier held in it: what the period was already granted counts, and so
 * does the tier the user holds (`heldTier`: a plan set up without its grant, as by an administrator).
 * Each tier's grant has its own key, so a repeated payment or event adds nothing.
 */
export async function grantPlanCredits(
  tx: DbOrTx,
  grant: {
    userId: string;
    tier: SubscriptionTier;
    periodStart: Date;
    heldTier?: SubscriptionTier;
  },
): Promise<boolean> {
  const periodKey = `plan_grant:${grant.userId}:${grant.periodStart.toISOString()}`;
  const already = await creditsUnderKey(tx, grant.userId, periodKey);
  const held = grant.heldTier ? PLANS[grant.heldTier].credits : 0;
  const delta = PLANS[grant.tier].credits - Math.max(already, held);
  if (delta <= 0) return false;
  const first = already === 0 && held === 0;
  return applyCreditChange(tx, {
    userId: grant.userId,
    delta,
    kind: 'plan_grant',
    reason: first
      ? `${capitalised(grant.tier)} plan: monthly credits`
      : `Upgrade to ${capitalised(grant.tier)}: the plan's extra credits`,
    // The period's first grant keeps the key it always had.
    idempotencyKey: first ? periodKey : `${periodKey}:${grant.tier}`,
  });
}

export const capitalised = (tier: SubscriptionTier) => tier[0]!.toUpperCase() + tier.slice(1);
