import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { ANALYTICS_TIME_RANGES } from './admin.js';

export const timeRangeSchema = z.enum(ANALYTICS_TIME_RANGES);
export type TimeRange = z.infer<typeof timeRangeSchema>;
export const websiteAnalyticsQuerySchema = z.object({ timeRange: timeRangeSchema.default('24h') });

/** A page view reported by the web app on every route change. */
export const pageViewRequestSchema = z.object({
  page: z.string().max(2048),
  sessionId: z.string().min(1).max(128),
  referrer: z.string().max(2048).optional(),
});
export type PageViewRequest = z.infer<typeof pageViewRequestSchema>;

const shareSchema = z.object({ count: z.number().int(), percentage: z.number() });

export const websiteAnalyticsResponseSchema = z.object({
  realtime: z.object({
    activeNow: z.number().int(),
    recentVisitors: z.array(
      z.object({
        sessionId: z.string(),
        page: z.string(),
        country: z.string().nullable(),
        device: z.string(),
        timestamp: isoDateSchema,
      }),
    ),
  }),
  overview: z.object({
    lastHour: z.number().int(),
    last24Hours: z.number().int(),
    lastWeek: z.number().int(),
    lastMonth: z.number().int(),
    uniqueVisitorsToday: z.number().int(),
    uniqueVisitorsWeek: z.number().int(),
    uniqueVisitorsMonth: z.number().int(),
  }),
  topPages: z.array(
    z.object({ page: z.string(), views: z.number().int(), percentage: z.number() }),
  ),
  traffic: z.object({
    devices: z.array(shareSchema.extend({ device: z.string() })),
    browsers: z.array(shareSchema.extend({ browser: z.string() })),
    countries: z.array(shareSchema.extend({ country: z.string().nullable() })),
  }),
});
export type WebsiteAnalyticsResponse = z.infer<typeof websiteAnalyticsResponseSchema>;
