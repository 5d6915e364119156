import { z } from 'zod';
import { isoDateSchema, singleLineTextSchema } from './common.js';
import { ANALYTICS_LIMITS, ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from './constants.js';

/** What the web app reports on every route change (`navigator.sendBeacon`, a text/plain body). */
export const pageViewRequestSchema = z.object({
  path: singleLineTextSchema.startsWith('/').max(ANALYTICS_LIMITS.maxPathLength),
  referrer: singleLineTextSchema.max(ANALYTICS_LIMITS.maxReferrerLength).optional(),
});
export type PageViewRequest = z.infer<typeof pageViewRequestSchema>;

/**
 * `recorded: false` when the view is never counted (a bot, an admin page). A view over a ceiling (of
 * a visitor or a client address) is answered as a counted one, so a script cannot find the ceilings.
 */
export const pageViewResponseSchema = z.object({ recorded: z.boolean() });

export const analyticsRangeSchema = z.enum(ANALYTICS_RANGES);
export const websiteAnalyticsQuerySchema = z.object({
  timeRange: analyticsRangeSchema.default(DEFAULT_ANALYTICS_RANGE),
});

const countSchema = z.number().int();
const percentageSchema = z.number();

export const websiteAnalyticsSchema = z.object({
  realtime: z.object({
    activeNow: countSchema,
    recentVisitors: z.array(
      z.object({
        sessionId: z.string(),
        page: z.string(),
        country: z.string(),
        device: z.string(),
        timestamp: isoDateSchema,
      }),
    ),
  }),
  overview: z.object({
    lastHour: countSchema,
    last24Hours: countSchema,
    lastWeek: countSchema,
    lastMonth: countSchema,
    uniqueVisitorsToday: countSchema,
    uniqueVisitorsWeek: countSchema,
    uniqueVisitorsMonth: countSchema,
  }),
  topPages: z.array(
    z.object({ page: z.string(), views: countSchema, percentage: percentageSchema }),
  ),
  traffic: z.object({
    devices: z.array(
      z.object({ device: z.string(), count: countSchema, percentage: percentageSchema }),
    ),
    browsers: z.array(
      z.object({ browser: z.string(), count: countSchema, percentage: percentageSchema }),
    ),
    countries: z.array(
      z.object({ country: z.string(), count: countSchema, percentage: percentageSchema }),
    ),
  }),
  /** Page views per hour (24h) or per UTC day (7d, 30d), oldest first. */
  trend: z.array(z.object({ start: isoDateSchema, views: countSchema })),
});
export type WebsiteAnalytics = z.infer<typeof websiteAnalyticsSchema>;
