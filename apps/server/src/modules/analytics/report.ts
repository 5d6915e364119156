import {
  ANALYTICS_LIMITS,
  UNKNOWN_COUNTRY,
  type AnalyticsRange,
  type WebsiteAnalytics,
} from '@rasma/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageViewHourly, pageViews, type PageViewDimension } from '../../db/schema.js';
import { floorHour } from './record.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RANGE_MS: Record<AnalyticsRange, number> = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY };

const ceilHour = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR) * HOUR);
const startOfUtcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY) * DAY);
const iso = (at: Date) => at.toISOString();

/** Rows of a raw query, on node-postgres and on PGlite alike. */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A window `[from, now]` split where the hourly rollup can answer: whole hours from the rollup, the
 * part-hours at either end from the raw views (at most two hours of rows, on the created_at index).
 */
interface Window {
  from: Date;
  now: Date;
  /** First whole hour. */
  a: Date;
  /** End of the whole hours (the current hour's start, or `a`). */
  b: Date;
}

function window(from: Date, now: Date): Window {
  const a = ceilHour(from);
  const b = new Date(Math.max(a.getTime(), floorHour(now).getTime()));
  return { from, now, a, b };
}

const rollupHours = (w: Window) =>
  sql`${pageViewHourly.hour} >= ${iso(w.a)}::timestamptz and ${pageViewHourly.hour} < ${iso(w.b)}::timestamptz`;
const rawEdges = (w: Window) =>
  sql`((${pageViews.createdAt} >= ${iso(w.from)}::timestamptz and ${pageViews.createdAt} < ${iso(w.a)}::timestamptz)
    or (${pageViews.createdAt} >= ${iso(w.b)}::timestamptz and ${pageViews.createdAt} <= ${iso(w.now)}::timestamptz))`;

/** The rollup's hours that start within `[from, now]`. */
const hoursBetween = (from: Date, now: Date) =>
  sql`${pageViewHourly.hour} >= ${iso(from)}::timestamptz and ${pageViewHourly.hour} <= ${iso(now)}::timestamptz`;

/** Page views in the window, exactly. */
async function countViews(db: Db, w: Window): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select (select coalesce(sum(${pageViewHourly.views}), 0) from ${pageViewHourly}
          where ${pageViewHourly.dimension} = 'total' and ${rollupHours(w)})::int
        + (select count(*) from ${pageViews} where ${rawEdges(w)})::int as n`,
  );
  return Number(row?.n ?? 0);
}

/** The raw column each breakdown groups by. */
const RAW_VALUE: Record<Exclude<PageViewDimension, 'total' | 'visitors'>, SQL> = {
  path: sql`${pageViews.path}`,
  device: sql`${pageViews.device}`,
  browser: sql`${pageViews.browser}`,
  country: sql`coalesce(${pageViews.country}, ${UNKNOWN_COUNTRY})`,
};

/** Views per value of a dimension in the window, most first (ties by name), up to `limit`. */
async function breakdown(
  db: Db,
  w: Window,
  dimension: keyof typeof RAW_VALUE,
  limit: number,
): Promise<{ value: string; count: number }[]> {
  const result = await rows<{ value: string; count: number }>(
    db,
    sql`select value, sum(views)::int as count from (
          select ${pageViewHourly.value} as value, ${pageViewHourly.views} as views
            from ${pageViewHourly} where ${pageViewHourly.dimension} = ${dimension} and ${rollupHours(w)}
          union all
          select ${RAW_VALUE[dimension]} as value, 1 as views from ${pageViews} where ${rawEdges(w)}
        ) counted group by value order by count desc, value asc limit ${limit}`,
  );
  return result.map((r) => ({ value: r.value, count: Number(r.count) }));
}

/** Visitors of the UTC days from `from` on (each counted once per day: their id changes daily). */
async function countVisitors(db: Db, from: Date, now: Date): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select coalesce(sum(${pageViewHourly.views}), 0)::int as n from ${pageViewHourly}
        where ${pageViewHourly.dimension} = 'visitors' and ${hoursBetween(from, now)}`,
  );
  return Number(row?.n ?? 0);
}

async function realtime(db: Db, now: Date): Promise<WebsiteAnalytics['realtime']> {
  const since = new Date(now.getTime() - ANALYTICS_LIMITS.activeWindowMinutes * 60_000);
  const inWindow = sql`${pageViews.createdAt} > ${iso(since)}::timestamptz and ${pageViews.createdAt} <= ${iso(now)}::timestamptz`;
  const [active] = await rows<{ n: number }>(
    db,
    sql`select count(distinct ${pageViews.visitorId})::int as n from ${pageViews} where ${inWindow}`,
  );
  // Each active visitor's latest view, newest first.
  const recent = await rows<{
    visitor_id: string;
    path: string;
    country: string | null;
    device: string;
    created_at: Date | string;
  }>(
    db,
    sql`select * from (
          select distinct on (${pageViews.visitorId}) ${pageViews.visitorId}, ${pageViews.path},
            ${pageViews.country}, ${pageViews.device}, ${pageViews.createdAt}
          from ${pageViews} where ${inWindow}
          order by ${pageViews.visitorId}, ${pageViews.createdAt} desc, ${pageViews.id} desc
        ) latest order by created_at desc limit ${ANALYTICS_LIMITS.recentVisitors}`,
  );
  return {
    activeNow: Number(active?.n ?? 0),
    recentVisitors: recent.map((r) => ({
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
  const hourly = await rows<{ hour: Date | string; views: number }>(
    db,
    sql`select ${pageViewHourly.hour} as hour, ${pageViewHourly.views} as views from ${pageViewHourly}
        where ${pageViewHourly.dimension} = 'total' and ${hoursBetween(first, now)}`,
  );
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
  const share = async (dimension: keyof typeof RAW_VALUE, limit: number) =>
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
