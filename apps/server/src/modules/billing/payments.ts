import { CREDIT_PRICE_CENTS, PLANS, type SubscriptionTier } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { findUserById } from '../auth/users.js';
import { grantPlanCredits } from '../credits/grants.js';
import { applyCreditChange, type DbOrTx } from '../credits/ledger.js';
import { monthAfter, type Period } from '../credits/periods.js';
import {
  cancelOpenPlanPayments,
  lockPayment,
  paymentOwner,
  setPaymentOutcome,
  setPlanPeriod,
  setUpgradedTier,
  type PaymentRow,
} from './queries.js';

export type PaymentOutcome = { status: 'succeeded' } | { status: 'failed'; message: string };

type Payment = PaymentRow;

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
    // The user's row first, then the payments' (the one order every change of a user's payments
    // takes, see `voidPendingPlanPayments`): two of one user's payments settled at once would each
    // hold its own row and wait for the other's as it voids it, a deadlock.
    const ownerId = await paymentOwner(tx, providerPaymentId);
    if (!ownerId) return undefined;
    await findUserById(tx, ownerId, { lock: true });
    const payment = await lockPayment(tx, providerPaymentId);
    // A success is final; a decline leaves the payment open to another card, as Stripe does; a
    // void one stays void unless the card paid it all the same.
    if (!payment || payment.status === 'succeeded') return payment;
    if (payment.status === 'canceled' && outcome.status === 'failed') return payment;
    const settled = await setPaymentOutcome(tx, payment.id, outcome, now);
    if (outcome.status !== 'succeeded') return settled;
    if (payment.status === 'canceled') await creditReplacedPayment(tx, payment);
    else await applyPurchase(tx, payment, now, period);
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
  await voidPendingPlanPayments(tx, payment.userId);
  if (period) {
    await startPlanPeriod(tx, {
      userId: payment.userId,
      tier: payment.tier,
      periodStart: period.start,
      periodEnd: period.end,
    });
  } else {
    await applyPlanPayment(tx, { ...payment, tier: payment.tier }, now);
  }
}

/**
 * A paid plan payment: from free (or after the period ended) it starts a new monthly period with
 * its credits; within a paid period it is an upgrade that adds the difference in credits and keeps
 * the period's dates. Either way any pending change is dropped and a payment issue is cleared.
 */
async function applyPlanPayment(
  tx: DbOrTx,
  payment: Payment & { tier: SubscriptionTier },
  now: Date,
): Promise<void> {
  const { userId, tier } = payment;
  const user = await findUserById(tx, userId, { lock: true });
  if (!user) return;
  const inPaidPeriod =
    user.subscriptionTier !== 'free' && user.subscriptionEndsAt && user.subscriptionEndsAt > now;
  if (inPaidPeriod) {
    // Only an upgrade is paid within a period: a lower tier waits for the period's end.
    if (PLANS[tier].priceCents <= PLANS[user.subscriptionTier].priceCents) {
      await creditReplacedPayment(tx, payment);
      return;
    }
    await setUpgradedTier(tx, userId, tier);
    await grantPlanCredits(tx, {
      userId,
      tier,
      periodStart: user.cycleStartDate ?? now,
      heldTier: user.subscriptionTier,
    });
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
  await setPlanPeriod(tx, {
    ...period,
    periodEnd: period.periodEnd ?? monthAfter(period.periodStart),
  });
  await grantPlanCredits(tx, period);
}

/**
 * A plan payment that the plan moved past before it was paid (voided, or a lower tier within a
 * paid period): the card paid it all the same, so its amount comes as credits at the pack price
 * rather than as a plan, once.
 */
async function creditReplacedPayment(tx: DbOrTx, payment: Payment): Promise<void> {
  await applyCreditChange(tx, {
    userId: payment.userId,
    delta: Math.floor(payment.amountCents / CREDIT_PRICE_CENTS),
    kind: 'pack_purchase',
    reason: `${payment.description}, replaced before it was paid: its amount as credits`,
    idempotencyKey: `replaced_plan_payment:${payment.id}`,
  });
}

/**
 * Voids the user's plan payments still open (pending, or declined and so open to another card):
 * once the plan changes or another plan is chosen, an older payment no longer describes what the
 * user would get. Returns their provider ids. Locks the user's row before the payments' (call it in
 * a transaction), as `settlePayment` does, so the two never wait for each other's rows.
 */
export async function voidPendingPlanPayments(tx: DbOrTx, userId: string): Promise<string[]> {
  await findUserById(tx, userId, { lock: true });
  return cancelOpenPlanPayments(tx, userId);
}
