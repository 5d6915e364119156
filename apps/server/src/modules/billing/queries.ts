import type { PaymentStatus, SubscriptionTier } from '@rasma/contract';
import { and, eq, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments, users } from '../../db/schema.js';
import type { DbOrTx } from '../credits/ledger.js';

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
