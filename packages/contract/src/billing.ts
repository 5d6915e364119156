import { z } from 'zod';
import {
  LEDGER_KINDS,
  MAX_CREDIT_PURCHASE,
  MIN_CREDIT_PURCHASE,
  SUBSCRIPTION_TIERS,
} from './constants.js';
import { isoDateSchema } from './common.js';
import { aiModelSchema, paginationSchema } from './videos.js';
import { orList } from './words.js';

export const subscriptionTierSchema = z.enum(SUBSCRIPTION_TIERS);

export const creditsResponseSchema = z.object({ credits: z.number().int() });
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

/** Spec 3, user details. Dates are ISO strings. */
export const userDetailsResponseSchema = z.object({
  subscriptionTier: subscriptionTierSchema,
  /** The tier taking over at the period's end (a scheduled downgrade or cancellation), or null. */
  pendingSubscriptionTier: subscriptionTierSchema.nullable(),
  /** `active`, or `past_due` / `payment_failed` after a failed renewal. */
  subscriptionStatus: z.string(),
  /** When the current tier ends because a change is pending; null while it simply renews. */
  subscriptionEndsAt: isoDateSchema.nullable(),
  /** The end of the current period: the renewal (or next free grant) date. */
  subscriptionEndDate: isoDateSchema.nullable(),
  cycleStartDate: isoDateSchema.nullable(),
  /** Credits spent on videos since the current period began (from the ledger). */
  creditsUsedThisCycle: z.number().int(),
});
export type UserDetails = z.infer<typeof userDetailsResponseSchema>;

/** Which card payment provider the payment step talks to. */
export const paymentConfigResponseSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
  z.object({ provider: z.literal('test') }),
]);
export type PaymentConfig = z.infer<typeof paymentConfigResponseSchema>;

export const tierRequestSchema = z.object({ tier: subscriptionTierSchema });

export const subscribeResponseSchema = z.object({
  /** True when nothing is to be paid (a downgrade, a cancelled change): no payment step. */
  noChargeNeeded: z.boolean(),
  message: z.string(),
  clientSecret: z.string().nullable(),
  /** Cents. */
  amount: z.number().int(),
  isProrated: z.boolean(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

export const purchaseCreditsRequestSchema = z.object({
  credits: z.number().int().min(MIN_CREDIT_PURCHASE).max(MAX_CREDIT_PURCHASE),
});
export const purchaseCreditsResponseSchema = z.object({
  clientSecret: z.string(),
  /** Cents. */
  amount: z.number().int(),
});
export type PurchaseCreditsResponse = z.infer<typeof purchaseCreditsResponseSchema>;

export const scheduleChangeResponseSchema = z.object({
  message: z.string(),
  pendingSubscriptionTier: subscriptionTierSchema.nullable(),
});

/** The built-in test provider's confirmation: a client secret and one of Stripe's test cards. */
export const testPaymentConfirmRequestSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().trim().max(30),
});
export const testPaymentConfirmResponseSchema = z.object({ status: z.literal('succeeded') });

/**
 * Stripe's public test cards the built-in test provider takes, and what each does; the first one
 * pays. Numbers as people type them: the provider ignores spaces and dashes.
 */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', does: 'succeeds', declineMessage: null },
  { number: '4000 0000 0000 0002', does: 'declined', declineMessage: 'Your card was declined.' },
  {
    number: '4000 0000 0000 9995',
    does: 'insufficient funds',
    declineMessage: 'Your card has insufficient funds.',
  },
] as const;
export const PAYING_TEST_CARD = TEST_CARDS[0];

/** "4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or ...": for test-mode hints. */
export const TEST_CARDS_IN_WORDS = orList(
  TEST_CARDS.map((card) => `${card.number} (${card.does})`),
);

export const creditHistoryEntrySchema = z.object({
  id: z.number().int(),
  createdAt: isoDateSchema,
  kind: z.enum(LEDGER_KINDS),
  reason: z.string(),
  delta: z.number().int(),
  /** The balance right after this change. */
  balanceAfter: z.number().int(),
  /** The video a debit or refund was for, while it is kept (null once deleted, or for no video). */
  video: z.object({ title: z.string(), aiModel: aiModelSchema }).nullable(),
});
export const creditHistoryResponseSchema = z.object({
  entries: z.array(creditHistoryEntrySchema),
  pagination: paginationSchema,
});
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;
