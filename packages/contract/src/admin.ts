import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { subscriptionTierSchema } from './billing.js';
import { videoStatusSchema } from './videos.js';

export const ADMIN_USERS_PAGE_SIZE = 200;
export const ANALYTICS_TIME_RANGES = ['24h', '7d', '30d'] as const;

export const videoStatsSchema = z.object({
  completed: z.number().int(),
  failed: z.number().int(),
  processing: z.number().int(),
});
export const adminAnalyticsResponseSchema = z.object({
  totalUsers: z.number().int(),
  videoStats: videoStatsSchema,
});
export type AdminAnalyticsResponse = z.infer<typeof adminAnalyticsResponseSchema>;

export const failedVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  email: z.string(),
  creditsUsed: z.number().int(),
  createdAt: isoDateSchema,
});
export const failedVideosResponseSchema = z.array(failedVideoSchema);
export type FailedVideo = z.infer<typeof failedVideoSchema>;

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

export const adminVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: videoStatusSchema,
  creditsUsed: z.number().int(),
  createdAt: isoDateSchema,
});

export const providerSubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  plan: z.object({ amount: z.number().int(), interval: z.string() }),
  createdAt: isoDateSchema,
  currentPeriodStart: isoDateSchema,
  currentPeriodEnd: isoDateSchema,
  canceledAt: isoDateSchema.nullable(),
});

export const paymentSchema = z.object({
  id: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  created: isoDateSchema,
  amount: z.number().int(),
  status: z.string(),
});

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

export const adminUserLookupResponseSchema = z.object({
  user: adminUserSchema,
  stats: userStatsSchema,
  videos: z.array(adminVideoSchema),
  paymentHistory: z.array(paymentSchema),
  subscriptionInfo: z.object({
    currentSubscriptions: z.array(providerSubscriptionSchema),
    paymentMethods: z.array(paymentMethodSchema),
    stripeCustomerId: z.string().nullable(),
  }),
});
export type AdminUserLookupResponse = z.infer<typeof adminUserLookupResponseSchema>;

export const refundRequestSchema = z.object({
  credits: z.number().int().positive().max(1_000_000),
  reason: z.string().trim().min(1).max(500),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
});
export const adminUsersPageResponseSchema = z.object({
  users: z.array(adminUserSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalUsers: z.number().int(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type AdminUsersPageResponse = z.infer<typeof adminUsersPageResponseSchema>;
