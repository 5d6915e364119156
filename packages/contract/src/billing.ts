import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const SUBSCRIPTION_TIERS = ['free', 'basic', 'plus', 'pro'] as const;
export const subscriptionTierSchema = z.enum(SUBSCRIPTION_TIERS);
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;

export interface Plan {
  tier: SubscriptionTier;
  credits: number;
  interval: 'week' | 'month';
  priceCents: number;
  mostPopular?: boolean;
}

/** Spec 9. Free: 20 credits a week, 40 in the first week. */
export const PLANS: readonly Plan[] = [
  { tier: 'free', credits: 20, interval: 'week', priceCents: 0 },
  { tier: 'basic', credits: 400, interval: 'month', priceCents: 1100 },
  { tier: 'plus', credits: 1200, interval: 'month', priceCents: 2900, mostPopular: true },
  { tier: 'pro', credits: 2000, interval: 'month', priceCents: 4900 },
];
export const FREE_FIRST_WEEK_CREDITS = 40;

export const CREDIT_PACKS = [10, 20, 50, 100] as const;
export const CREDIT_PRICE_CENTS = 50;
export const MIN_CREDIT_PURCHASE = 10;
export const DEFAULT_CUSTOM_CREDIT_PURCHASE = 20;

export const creditsResponseSchema = z.object({ credits: z.number().int() });
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

export const userDetailsResponseSchema = z.object({
  subscriptionTier: subscriptionTierSchema,
  pendingSubscriptionTier: subscriptionTierSchema.nullable(),
  subscriptionStatus: z.string(),
  subscriptionEndsAt: isoDateSchema.nullable(),
  subscriptionEndDate: isoDateSchema.nullable(),
});
export type UserDetailsResponse = z.infer<typeof userDetailsResponseSchema>;

export const tierRequestSchema = z.object({ tier: subscriptionTierSchema });
export type TierRequest = z.infer<typeof tierRequestSchema>;

export const subscribeResponseSchema = z.object({
  noChargeNeeded: z.boolean(),
  message: z.string(),
  clientSecret: z.string().nullable(),
  amount: z.number().int(),
  isProrated: z.boolean(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

export const purchaseCreditsRequestSchema = z.object({
  credits: z.number().int().min(MIN_CREDIT_PURCHASE).max(100_000),
});
export type PurchaseCreditsRequest = z.infer<typeof purchaseCreditsRequestSchema>;

export const purchaseCreditsResponseSchema = z.object({
  clientSecret: z.string(),
  amount: z.number().int(),
});
export type PurchaseCreditsResponse = z.infer<typeof purchaseCreditsResponseSchema>;
