import { z } from 'zod';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from './constants.js';

export const subscriptionTierSchema = z.enum(SUBSCRIPTION_TIERS);

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

export const CREDIT_PACKS = [10, 20, 50, 100] as const;
export const CREDIT_PRICE_CENTS = 50;
export const MIN_CREDIT_PURCHASE = 10;
export const DEFAULT_CUSTOM_CREDIT_PURCHASE = 20;

export const creditsResponseSchema = z.object({ credits: z.number().int() });
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;
