import {
  ANALYTICS_LIMITS,
  UNKNOWN_COUNTRY,
  type AnalyticsRange,
  type WebsiteAnalytics,
} from '@rasma/contract';
import type { Db } from '../../db/client.js';
import {
  activeVisitors,
  breakdown,
  countViews,
  countVisitors,
  hourlyTotals,
  type BreakdownDimension,
  type Window,
} from './queries/report.js';
import { floorHour } from './record.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RANGE_MS: Record<AnalyticsRange, number> = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY };

const ceilHour = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR) * HOUR);
const startOfUtcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY) * DAY);
const iso = (at: Date) => at.toISOString();

/**
 * `[from, now]` split where the hourly rollup can answer: whole hours from the rollup, the
 * part-hours at either end from the raw views.
 */
function window(from: Date, now: Date): Window {
  const a = ceilHour(from);
  const b = new Date(Math.max(a.getTime(), floorHour(now).getTime()));
  return { from, now, a, b };
}

async function realtime(db: Db, now: Date): Promise<WebsiteAnalytics['realtime']> {
  const since = new Date(now.getTime() - ANALYTICS_LIMITS.activeWindowMinutes * 60_000);
  const active = await activeVisitors(db, since, now);
  return {
    activeNow: active.count,
    recentVisitors: active.latest.map((r) => ({
      sessionId: r.visitor_id,
      page: r.path,
      country: r.country ?? UNKNOWN_COUNTRY,
      device: r.device,
      timestamp: new Date(r.created_at).toISOString(),
    })),
  };
}

/** Views per hour for 24h (the last 24 hours, this one included), else per UTC day. */
async function trend(db: Db, range: AnalyticsRange, now: Date): Promise<WebsiteAnalytics['trend']> {
  const step = range === '24h' ? HOUR : DAY;
  const last = range === '24h' ? floorHour(now) : startOfUtcDay(now);
  const buckets = RANGE_MS[range] / step;
  const first = new Date(last.getTime() - (buckets - 1) * step);
  const hourly = await hourlyTotals(db, first, now);
  const views = new Array<number>(buckets).fill(0);
  for (const row of hourly) {
    const index = Math.floor((new Date(row.hour).getTime() - first.getTime()) / step);
    views[index] = (views[index] ?? 0) + Number(row.views);
  }
  return views.map((n, i) => ({ start: iso(new Date(first.getTime() + i * step)), views: n }));
}

const percentOf = (count: number, total: number) =>
  total === 0 ? 0 : Math.round((count / total) * 1000) / 10;

/**
 * Website analytics (spec 2.14) at `now`: the overview's rolling windows and UTC-day visitor
 * counts, and for the range its top pages, traffic breakdown and trend.
 */
export async function websiteAnalytics(
  db: Db,
  range: AnalyticsRange,
  now: Date,
): Promise<WebsiteAnalytics> {
  const ago = (ms: number) => window(new Date(now.getTime() - ms), now);
  const today = startOfUtcDay(now);
  const daysAgo = (days: number) => new Date(today.getTime() - days * DAY);
  const selected = ago(RANGE_MS[range]);

  const lastHour = await countViews(db, ago(HOUR));
  const last24Hours = await countViews(db, ago(DAY));
  const lastWeek = await countViews(db, ago(7 * DAY));
  const lastMonth = await countViews(db, ago(30 * DAY));
  const rangeViews = { '24h': last24Hours, '7d': lastWeek, '30d': lastMonth }[range];
  const share = async (dimension: BreakdownDimension, limit: number) =>
    (await breakdown(db, selected, dimension, limit)).map(({ value, count }) => ({
      value,
      count,
      percentage: percentOf(count, rangeViews),
    }));

  const pages = await share('path', ANALYTICS_LIMITS.topPages);
  const devices = await share('device', 10);
  const browsers = await share('browser', ANALYTICS_LIMITS.topBrowsers);
  const countries = await share('country', ANALYTICS_LIMITS.topCountries);
  return {
    realtime: await realtime(db, now),
    overview: {
      lastHour,
      last24Hours,
      lastWeek,
      lastMonth,
      uniqueVisitorsToday: await countVisitors(db, today, now),
      uniqueVisitorsWeek: await countVisitors(db, daysAgo(6), now),
      uniqueVisitorsMonth: await countVisitors(db, daysAgo(29), now),
    },
    topPages: pages.map(({ value, count, percentage }) => ({
      page: value,
      views: count,
      percentage,
    })),
    traffic: {
      devices: devices.map(({ value, count, percentage }) => ({
        device: value,
        count,
        percentage,
      })),
      browsers: browsers.map(({ value, count, percentage }) => ({
        browser: value,
        count,
        percentage,
      })),
      countries: countries.map(({ value, count, percentage }) => ({
        country: value,
        count,
        percentage,
      })),
    },
    trend: await trend(db, range, now),
  };
}
