import { ANALYTICS_LIMITS, UNKNOWN_COUNTRY } from '@rasma/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { pageViewHourly, pageViews, type PageViewDimension } from '../../../db/schema.js';

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
export interface Window {
  from: Date;
  now: Date;
  /** First whole hour. */
  a: Date;
  /** End of the whole hours (the current hour's start, or `a`). */
  b: Date;
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
export async function countViews(db: Db, w: Window): Promise<number> {
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

export type BreakdownDimension = keyof typeof RAW_VALUE;

/** Views per value of a dimension in the window, most first (ties by name), up to `limit`. */
export async function breakdown(
  db: Db,
  w: Window,
  dimension: BreakdownDimension,
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
export async function countVisitors(db: Db, from: Date, now: Date): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select coalesce(sum(${pageViewHourly.views}), 0)::int as n from ${pageViewHourly}
        where ${pageViewHourly.dimension} = 'visitors' and ${hoursBetween(from, now)}`,
  );
  return Number(row?.n ?? 0);
}

/** The visitors seen in `(since, now]`: how many, and each one's latest view, newest first. */
export async function activeVisitors(db: Db, since: Date, now: Date) {
  const inWindow = sql`${pageViews.createdAt} > ${iso(since)}::timestamptz and ${pageViews.createdAt} <= ${iso(now)}::timestamptz`;
  const [active] = await rows<{ n: number }>(
    db,
    sql`select count(distinct ${pageViews.visitorId})::int as n from ${pageViews} where ${inWindow}`,
  );
  const latest = await rows<{
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
  return { count: Number(active?.n ?? 0), latest };
}

/** The rollup's total views of each hour that starts within `[from, now]`. */
export function hourlyTotals(db: Db, from: Date, now: Date) {
  return rows<{ hour: Date | string; views: number }>(
    db,
    sql`select ${pageViewHourly.hour} as hour, ${pageViewHourly.views} as views from ${pageViewHourly}
        where ${pageViewHourly.dimension} = 'total' and ${hoursBetween(from, now)}`,
  );
}
