import type { PaymentStatus, SubscriptionTier } from '@rasma/contract';
import { and, desc, eq, gt, inArray, isNull, like, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { payments, processedProviderEvents, users } from '../../db/schema.js';

// Payments, the provider's events, and the users row's plan and provider columns (this module's:
// see docs/architecture.md).

export type PaymentRow = typeof payments.$inferSelect;

/** A payment as the provider started it: pending unless `status` says it is already settled. */
export async function recordPayment(
  db: DbOrTx,
  payment: typeof payments.$inferInsert,
): Promise<void> {
  await db.insert(payments).values(payment);
}

/** The status of the user's payment with this provider id; undefined when the user has none. */
export async function paymentStatusOf(
  db: Db,
  providerPaymentId: string,
  userId: string,
): Promise<PaymentStatus | undefined> {
  const [own] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(payments.userId, userId)));
  return own?.status;
}

/** The tier that takes over when the user's paid period ends (null: none, the plan renews). */
export async function setPendingTierOf(
  db: DbOrTx,
  userId: string,
  tier: SubscriptionTier | null,
): Promise<void> {
  await db.update(users).set({ pendingSubscriptionTier: tier }).where(eq(users.id, userId));
}

/** A user whose paid plan has ended: free, nothing pending, no paid period. */
export const BACK_ON_FREE_PLAN = {
  subscriptionTier: 'free',
  pendingSubscriptionTier: null,
  subscriptionStatus: 'active',
  cycleStartDate: null,
  subscriptionEndsAt: null,
} as const;

export async function endPaidPlan(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set(BACK_ON_FREE_PLAN).where(eq(users.id, userId));
}

/** The ids of the users on a paid plan whose period ended by `now`. */
export async function plansDueBy(db: Db, now: Date): Promise<string[]> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.subscriptionTier, 'free'), lte(users.subscriptionEndsAt, now)));
  return due.map((row) => row.id);
}

/** The owner of the payment with this provider id. */
export async function paymentOwner(
  tx: DbOrTx,
  providerPaymentId: string,
): Promise<string | undefined> {
  const [owner] = await tx
    .select({ userId: payments.userId })
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId));
  return owner?.userId;
}

/** The payment with this provider id, locked for the rest of the transaction. */
export async function lockPayment(
  tx: DbOrTx,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .for('update');
  return payment;
}

/** Whether a payment with this provider id is recorded. */
export async function paymentExists(db: Db, providerPaymentId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId));
  return found !== undefined;
}

/** A payment the provider made on its own (a renewal), unless it is recorded already. */
export async function recordPaymentOnce(
  db: Db,
  payment: typeof payments.$inferInsert,
): Promise<void> {
  await db
    .insert(payments)
    .values(payment)
    .onConflictDoNothing({ target: payments.providerPaymentId });
}

/** Sets a payment's result; the payment as it now stands. */
export async function setPaymentOutcome(
  tx: DbOrTx,
  id: string,
  outcome: { status: 'succeeded' } | { status: 'failed'; message: string },
  now: Date,
): Promise<PaymentRow | undefined> {
  const [settled] = await tx
    .update(payments)
    .set({
      status: outcome.status,
      failureMessage: outcome.status === 'failed' ? outcome.message : null,
      updatedAt: now,
    })
    .where(eq(payments.id, id))
    .returning();
  return settled;
}

/** Voids the user's open plan payments (pending or declined); their provider ids. */
export async function cancelOpenPlanPayments(tx: DbOrTx, userId: string): Promise<string[]> {
  const voided = await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.purpose, 'subscription'),
        inArray(payments.status, ['pending', 'failed']),
      ),
    )
    .returning({ providerPaymentId: payments.providerPaymentId });
  return voided.map((row) => row.providerPaymentId);
}

/** The user's latest card payments, newest first (a pack or a plan's period each). */
export const recentPayments = (db: Db, userId: string, limit: number) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);

/** An upgrade within the paid period: the new tier, active, nothing pending. */
export async function setUpgradedTier(
  tx: DbOrTx,
  userId: string,
  tier: SubscriptionTier,
): Promise<void> {
  await tx
    .update(users)
    .set({ subscriptionTier: tier, pendingSubscriptionTier: null, subscriptionStatus: 'active' })
    .where(eq(users.id, userId));
}

/**
 * A paid plan's new period: tier, dates and status, unless the user is already in a later period
 * (a late, out-of-order event changes nothing here).
 */
export async function setPlanPeriod(
  tx: DbOrTx,
  period: { userId: string; tier: SubscriptionTier; periodStart: Date; periodEnd: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      subscriptionTier: period.tier,
      pendingSubscriptionTier: null,
      subscriptionStatus: 'active',
      cycleStartDate: period.periodStart,
      subscriptionEndsAt: period.periodEnd,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.id, period.userId),
        or(isNull(users.cycleStartDate), lte(users.cycleStartDate, period.periodStart)),
      ),
    );
}

// The provider's ids of a user, and its events.

export async function setProviderCustomerId(
  db: Db,
  userId: string,
  customerId: string,
): Promise<void> {
  await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId));
}

export async function setProviderSubscriptionId(
  db: Db,
  userId: string,
  subscriptionId: string,
): Promise<void> {
  await db.update(users).set({ stripeSubscriptionId: subscriptionId }).where(eq(users.id, userId));
}

/** The user whose plan is this provider subscription. */
export async function userOfSubscription(
  db: Db,
  subscriptionId: string,
): Promise<string | undefined> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.stripeSubscriptionId, subscriptionId));
  return user?.id;
}

/** The plan of this provider subscription ended: back on the free plan, no subscription. */
export async function endSubscription(db: Db, subscriptionId: string): Promise<void> {
  await db
    .update(users)
    .set({ ...BACK_ON_FREE_PLAN, stripeSubscriptionId: null })
    .where(eq(users.stripeSubscriptionId, subscriptionId));
}

/** The status shown for the plan of this provider subscription. */
export async function setSubscriptionStatus(
  db: Db,
  subscriptionId: string,
  status: string,
): Promise<void> {
  await db
    .update(users)
    .set({ subscriptionStatus: status })
    .where(eq(users.stripeSubscriptionId, subscriptionId));
}

export async function eventProcessed(db: Db, eventId: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: processedProviderEvents.id })
    .from(processedProviderEvents)
    .where(eq(processedProviderEvents.id, eventId));
  return seen !== undefined;
}

export async function recordProcessedEvent(
  db: Db,
  event: typeof processedProviderEvents.$inferInsert,
): Promise<void> {
  await db.insert(processedProviderEvents).values(event).onConflictDoNothing();
}

/**
 * Whether the subscription has an event of its own recorded that is newer than `occurredAt`, or
 * has ended: an older update then changes nothing.
 */
export async function subscriptionMovedOn(
  db: Db,
  subscriptionId: string,
  occurredAt: Date,
): Promise<boolean> {
  const mine = eq(processedProviderEvents.objectId, subscriptionId);
  const [newer] = await db
    .select({ id: processedProviderEvents.id })
    .from(processedProviderEvents)
    .where(
      and(
        mine,
        like(processedProviderEvents.type, 'customer.subscription.%'),
        gt(processedProviderEvents.occurredAt, occurredAt),
      ),
    );
  const ended = await db
    .select({ id: processedProviderEvents.id })
    .from(processedProviderEvents)
    .where(and(mine, eq(processedProviderEvents.type, 'customer.subscription.deleted')));
  return newer !== undefined || ended.length > 0;
}
