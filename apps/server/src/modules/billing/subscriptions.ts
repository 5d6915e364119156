import {
  CREDIT_PRICE_CENTS,
  formatCents,
  PLANS,
  type SubscribeResponse,
  type SubscriptionTier,
} from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { findUserById, requireUserById } from '../auth/users.js';
import { capitalised } from '../credits/grants.js';
import { startPlanPeriod, voidPendingPlanPayments } from './payments.js';
import type { PaymentProvider, PlanHolder } from './provider.js';
import { endPaidPlan, plansDueBy, recordPayment, setPendingTierOf } from './queries.js';

/** Stripe's smallest card charge in US dollars: a prorated upgrade never asks for less. */
const MIN_CHARGE_CENTS = 50;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** What a user is told when a plan change is set or taken back. */
const changeScheduled = (tier: SubscriptionTier, on: Date) =>
  `Your plan changes to ${capitalised(tier)} on ${day(on)}`;
const changeCancelled = (tier: SubscriptionTier) =>
  `Your scheduled change was cancelled: you stay on ${capitalised(tier)}`;

/** A credit pack (spec 9): paid tiers only; the credits come when the payment succeeds. */
export async function purchaseCredits(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  credits: number,
) {
  const user = await requireUserById(db, userId);
  if (user.subscriptionTier === 'free') {
    throw new AppError(
      403,
      'Credit packs are for subscribers: choose a plan to buy extra credits',
      'PLAN_REQUIRED',
    );
  }
  const amount = credits * CREDIT_PRICE_CENTS;
  const description = `${credits} credits`;
  const started = await provider.createPayment({
    userId,
    email: user.email,
    amountCents: amount,
    description,
  });
  await recordPayment(db, {
    userId,
    provider: provider.name,
    providerPaymentId: started.providerPaymentId,
    purpose: 'pack',
    credits,
    amountCents: amount,
    description,
  });
  return { clientSecret: started.clientSecret, amount };
}

/**
 * `POST /api/subscribe`: an upgrade is a payment (prorated within a paid period); a downgrade or
 * cancellation waits for the period's end as the pending tier; the current tier while a change is
 * pending cancels that change.
 */
export async function subscribe(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  tier: SubscriptionTier,
  now = new Date(),
): Promise<SubscribeResponse> {
  const user = await requireUserById(db, userId);
  const noCharge = (message: string): SubscribeResponse => ({
    noChargeNeeded: true,
    message,
    clientSecret: null,
    amount: 0,
    isProrated: false,
  });
  if (tier === user.subscriptionTier) {
    if (!user.pendingSubscriptionTier) {
      throw new AppError(409, `You are already on the ${capitalised(tier)} plan`, 'SAME_PLAN');
    }
    await setPendingTier(db, provider, user, null);
    return noCharge(changeCancelled(tier));
  }
  const periodEnd = user.subscriptionEndsAt;
  const inPaidPeriod = user.subscriptionTier !== 'free' && periodEnd && periodEnd > now;
  if (PLANS[tier].priceCents < PLANS[user.subscriptionTier].priceCents && periodEnd) {
    await setPendingTier(db, provider, user, tier);
    return noCharge(changeScheduled(tier, periodEnd));
  }
  let amount = PLANS[tier].priceCents;
  if (inPaidPeriod && user.cycleStartDate) {
    const left =
      (periodEnd.getTime() - now.getTime()) / (periodEnd.getTime() - user.cycleStartDate.getTime());
    const difference = PLANS[tier].priceCents - PLANS[user.subscriptionTier].priceCents;
    amount = Math.max(MIN_CHARGE_CENTS, Math.round(difference * left));
  }
  const started = await provider.startPlanPayment(user, tier, amount);
  amount = started.amountCents;
  await replacePendingPlanPayments(db, provider, userId);
  await recordPayment(db, {
    userId,
    provider: provider.name,
    providerPaymentId: started.providerPaymentId,
    purpose: 'subscription',
    tier,
    amountCents: amount,
    description: `${capitalised(tier)} plan${inPaidPeriod ? ' (prorated upgrade)' : ''}`,
  });
  return {
    noChargeNeeded: false,
    message: inPaidPeriod
      ? `Upgrade to ${capitalised(tier)}: ${formatCents(amount)} for the rest of this period`
      : `${capitalised(tier)} plan: ${formatCents(amount)} a month`,
    clientSecret: started.clientSecret,
    amount,
    isProrated: Boolean(inPaidPeriod),
  };
}

/**
 * `POST /api/subscription/schedule-change`: the tier that takes over when the paid period ends
 * (free cancels the plan); the current tier clears a pending change.
 */
export async function scheduleChange(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  tier: SubscriptionTier,
) {
  const user = await requireUserById(db, userId);
  if (user.subscriptionTier === 'free' || !user.subscriptionEndsAt) {
    throw new AppError(400, 'There is no paid plan to change: choose a plan first', 'NO_PLAN');
  }
  const pending = tier === user.subscriptionTier ? null : tier;
  await setPendingTier(db, provider, user, pending);
  return {
    message: pending ? changeScheduled(pending, user.subscriptionEndsAt) : changeCancelled(tier),
    pendingSubscriptionTier: pending,
  };
}

async function setPendingTier(
  db: Db,
  provider: PaymentProvider,
  user: PlanHolder,
  tier: SubscriptionTier | null,
) {
  await provider.setRenewalTier(user, tier);
  await setPendingTierOf(db, user.id, tier);
  await replacePendingPlanPayments(db, provider, user.id);
}

/**
 * A new plan choice voids the older plan payments still open, here and at the provider so the card
 * cannot pay them any more. One the provider would not void (paid in the meantime) is settled by
 * its event like any other: as credits, see `settlePayment`.
 */
async function replacePendingPlanPayments(db: Db, provider: PaymentProvider, userId: string) {
  const voided = await db.transaction((tx) => voidPendingPlanPayments(tx, userId));
  await Promise.allSettled(voided.map((id) => provider.voidPayment(id)));
}

/**
 * Renewals where the server keeps the plans (the test provider): each paid period that has ended
 * becomes the next one at the pending tier if any (free ends the plan), charged to the test card
 * the plan was bought with, which always succeeds. Each user's row is locked and re-read, so two
 * processes renew a period once.
 */
export async function renewDuePlans(db: Db, provider: PaymentProvider, now = new Date()) {
  for (const id of await plansDueBy(db, now)) {
    await db.transaction(async (tx) => {
      const user = await findUserById(tx, id, { lock: true });
      const periodStart = user?.subscriptionEndsAt;
      if (!user || user.subscriptionTier === 'free' || !periodStart || periodStart > now) return;
      const tier = user.pendingSubscriptionTier ?? user.subscriptionTier;
      if (tier === 'free') {
        await endPaidPlan(tx, id);
        return;
      }
      const started = await provider.createPayment({
        userId: id,
        email: user.email,
        amountCents: PLANS[tier].priceCents,
        description: `${capitalised(tier)} plan renewal`,
      });
      await recordPayment(tx, {
        userId: id,
        provider: provider.name,
        providerPaymentId: started.providerPaymentId,
        purpose: 'subscription',
        tier,
        amountCents: PLANS[tier].priceCents,
        status: 'succeeded',
        description: `${capitalised(tier)} plan renewal`,
      });
      await voidPendingPlanPayments(tx, id);
      await startPlanPeriod(tx, { userId: id, tier, periodStart });
    });
  }
}
