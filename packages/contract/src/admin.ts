import { z } from 'zod';
import { subscriptionTierSchema, userDetailsResponseSchema } from './billing.js';
import { isoDateSchema, normalizeEmail, plainTextSchema, singleLineTextSchema } from './common.js';
import { ADMIN_LIMITS } from './constants.js';
import { videoStatusSchema } from './videos.js';

/** Spec 5: what the custom refund amount must be, and the one text saying so. */
export const INVALID_CREDITS_MESSAGE = 'Please enter a valid number of credits';
/** The largest refund in one call: far above any plan, well inside the balance's integer. */
export const MAX_ADMIN_REFUND = 1_000_000;
/** A retried refund with the same key adds its credits once (the web app sends one per click). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  credits: z.number().int(),
  creditsUsedThisCycle: z.number().int(),
  createdAt: isoDateSchema,
  subscriptionTier: subscriptionTierSchema,
  subscriptionStatus: z.string(),
  cycleStartDate: isoDateSchema.nullable(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userStatsSchema = z.object({
  totalVideos: z.number().int(),
  completedVideos: z.number().int(),
  failedVideos: z.number().int(),
  processingVideos: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const adminVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: videoStatusSchema,
  creditsUsed: z.number().int(),
  createdAt: isoDateSchema,
  /** How many scenes it tells (1 for a video of one picture). */
  sceneCount: z.number().int().min(1).default(1),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

export const failedVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  email: z.string(),
  creditsUsed: z.number().int(),
  createdAt: isoDateSchema,
});
export type FailedVideo = z.infer<typeof failedVideoSchema>;

export const providerSubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  plan: z.object({ amount: z.number().int(), interval: z.string() }),
  createdAt: isoDateSchema,
  currentPeriodStart: isoDateSchema,
  currentPeriodEnd: isoDateSchema,
  canceledAt: isoDateSchema.nullable(),
});
export type ProviderSubscription = z.infer<typeof providerSubscriptionSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  created: isoDateSchema,
  /** In cents. */
  amount: z.number().int(),
  status: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.string(),
  card: z
    .object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
    })
    .nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const adminAnalyticsSchema = z.object({
  totalUsers: z.number().int(),
  videoStats: z.object({
    completed: z.number().int(),
    failed: z.number().int(),
    processing: z.number().int(),
  }),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

export const failedVideosResponseSchema = z.array(failedVideoSchema);

export const adminEmailParamsSchema = z.object({
  email: singleLineTextSchema.overwrite(normalizeEmail),
});

export const userLookupResponseSchema = z.object({
  user: adminUserSchema,
  /**
   * The user's plan as their own credits page has it, with Stripe or test payments alike: the tier
   * and status, the current period, any change scheduled for its end and the credits used in it.
   */
  plan: userDetailsResponseSchema,
  stats: userStatsSchema,
  /** Newest first. */
  videos: z.array(adminVideoSchema),
  /** Newest first, the last 20. */
  paymentHistory: z.array(paymentSchema),
  subscriptionInfo: z.object({
    currentSubscriptions: z.array(providerSubscriptionSchema),
    paymentMethods: z.array(paymentMethodSchema),
    stripeCustomerId: z.string().nullable(),
  }),
});
export type UserLookupResponse = z.infer<typeof userLookupResponseSchema>;

export const adminRefundRequestSchema = z.object({
  credits: z
    .number(INVALID_CREDITS_MESSAGE)
    .int(INVALID_CREDITS_MESSAGE)
    .min(1, INVALID_CREDITS_MESSAGE)
    .max(MAX_ADMIN_REFUND, INVALID_CREDITS_MESSAGE),
  reason: plainTextSchema.trim().min(1, 'A reason is required').max(500),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;

export const adminRefundResponseSchema = z.object({
  message: z.string(),
  credits: z.number().int(),
});

export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_LIMITS.usersPageSize)
    .default(ADMIN_LIMITS.usersPageSize),
});

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalUsers: z.number().int(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;
