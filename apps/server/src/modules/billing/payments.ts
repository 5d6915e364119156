import { PLANS, type SubscriptionTier } from '@rasma/contract';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments, users } from '../../db/schema.js';
import { capitalised, grantPlanCredits } from '../credits/grants.js';
import { applyCreditChange, type DbOrTx } from '../credits/ledger.js';
import { monthAfter, type Period } from '../credits/periods.js';

export type PaymentOutcome = { status: 'succeeded' } | { status: 'failed'; message: string };

type Payment = typeof payments.$inferSelect;

/**
 * Applies a provider's verified result to a payment, once: the payment row is locked, and a
 * payment that has succeeded is left as it is (a repeated event or confirmation changes nothing).
 * A success applies what was bought: a pack's credits, or a plan (a new period, or an upgrade
 * within the current one). The one path for the test provider's confirmation and Stripe's events.
 * Returns the payment as it now stands, or undefined when there is no such payment.
 */
export async function settlePayment(
  db: Db,
  providerPaymentId: string,
  outcome: PaymentOutcome,
  { now = new Date(), period }: { now?: Date; period?: Period } = {},
): Promise<Payment | undefined> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, providerPaymentId))
      .for('update');
    // A success is final; a decline leaves the payment open to another card, as Stripe does.
    if (!payment || payment.status === 'succeeded') return payment;
    const [settled] = await tx
      .update(payments)
      .set({
        status: outcome.status,
        failureMessage: outcome.status === 'failed' ? outcome.message : null,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    if (outcome.status === 'succeeded') await applyPurchase(tx, payment, now, period);
    return settled;
  });
}

async function applyPurchase(
  tx: DbOrTx,
  payment: Payment,
  now: Date,
  period: Period | undefined,
): Promise<void> {
  if (payment.purpose === 'pack') {
    await applyCreditChange(tx, {
      userId: payment.userId,
      delta: payment.credits ?? 0,
      kind: 'pack_purchase',
      reason: payment.description,
      idempotencyKey: `pack_purchase:${payment.id}`,
    });
    return;
  }
  if (!payment.tier) return;
  if (period) {
    await startPlanPeriod(tx, {
      userId: payment.userId,
      tier: payment.tier,
      periodStart: period.start,
      periodEnd: period.end,
    });
  } else {
    await applyPlanPayment(tx, payment.userId, payment.tier, payment.id, now);
  }
}

/**
 * A paid plan payment: from free (or after the period ended) it starts a new monthly period with
 * its credits; within a paid period it is an upgrade that adds the difference in credits and keeps
 * the period's dates. Either way any pending change is dropped and a payment issue is cleared.
 */
async function applyPlanPayment(
  tx: DbOrTx,
  userId: string,
  tier: SubscriptionTier,
  paymentId: string,
  now: Date,
): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) return;
  const inPaidPeriod =
    user.subscriptionTier !== 'free' && user.subscriptionEndsAt && user.subscriptionEndsAt > now;
  if (inPaidPeriod) {
    await tx
      .update(users)
      .set({ subscriptionTier: tier, pendingSubscriptionTier: null, subscriptionStatus: 'active' })
      .where(eq(users.id, userId));
    const extra = PLANS[tier].credits - PLANS[user.subscriptionTier].credits;
    if (extra > 0) {
      await applyCreditChange(tx, {
        userId,
        delta: extra,
        kind: 'plan_grant',
        reason: `Upgrade to ${capitalised(tier)}: the plan's extra credits`,
        idempotencyKey: `plan_upgrade:${paymentId}`,
      });
    }
    return;
  }
  await startPlanPeriod(tx, { userId, tier, periodStart: now });
}

/**
 * A paid plan's new period: tier, dates and status, and the period's credits (once). A period older
 * than the one the user is in (a late, out-of-order event) only adds its credits.
 */
export async function startPlanPeriod(
  tx: DbOrTx,
  period: { userId: string; tier: SubscriptionTier; periodStart: Date; periodEnd?: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      subscriptionTier: period.tier,
      pendingSubscriptionTier: null,
      subscriptionStatus: 'active',
      cycleStartDate: period.periodStart,
      subscriptionEndsAt: period.periodEnd ?? monthAfter(period.periodStart),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.id, period.userId),
        or(isNull(users.cycleStartDate), lte(users.cycleStartDate, period.periodStart)),
      ),
    );
  await grantPlanCredits(tx, period);
}
