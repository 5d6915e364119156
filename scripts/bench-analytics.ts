/**
 * Website analytics benchmark (`npm run bench:analytics`): seeds a million page views spread over
 * the last 30 days (with the hourly rollup and the day's visitors, as recording keeps them) into a
 * fresh embedded database, and into a fresh PostgreSQL database when BENCH_DATABASE_URL is set (one
 * is created next to it and dropped afterwards), then times the website analytics of the admin
 * call (every query it runs) for each range: median and slowest of 7 runs after one warm-up.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANALYTICS_RANGES } from '@rasma/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { websiteAnalytics } from '../apps/server/src/modules/analytics/report.js';
import { markdownTable } from './bench-support.js';

const VIEWS = Number(process.env.BENCH_PAGE_VIEWS ?? 1_000_000);
const BATCH = 100_000;
const RUNS = 7;
const TARGET_MS = 300;

type Row = Record<string, string | number>;

/** Page views at random moments of the last 30 days, about 30,000 visitors a day. */
async function seed(database: Database, now: Date): Promise<void> {
  const { db } = database;
  for (let done = 0; done < VIEWS; done += BATCH) {
    const n = Math.min(BATCH, VIEWS - done);
    await db.execute(sql`
      insert into page_views (visitor_id, path, device, browser, country, created_at)
      select md5((g % 30000)::text || ':' || (extract(epoch from ts)::bigint / 86400)::text),
        (array['/', '/about', '/how-to', '/contact', '/try-now', '/terms', '/privacy', '/credits',
          '/process', '/blog'])[1 + (g * 7) % 10],
        (array['Desktop', 'Mobile', 'Tablet'])[1 + (g * 13) % 3],
        (array['Chrome', 'Safari', 'Firefox', 'Microsoft Edge', 'Samsung Internet', 'Opera'])[1 + (g * 17) % 6],
        (array['US', 'DE', 'GB', 'FR', 'IN', 'BR', 'JP', 'CA', null])[1 + (g * 19) % 9],
        ts
      from (select g, ${now.toISOString()}::timestamptz - random() * interval '30 days' as ts
            from generate_series(${done + 1}::int, ${done + n}::int) g) s`);
  }
  const hour = sql.raw(`date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC'`);
  const day = sql.raw(`(created_at at time zone 'UTC')::date`);
  await db.execute(sql`
    insert into page_view_visitors (day, visitor_id)
    select distinct ${day}, visitor_id from page_views`);
  await db.execute(sql`
    insert into page_view_hourly (dimension, hour, value, views)
    select 'total', ${hour}, '', count(*) from page_views group by 2
    union all select 'path', ${hour}, path, count(*) from page_views group by 2, 3
    union all select 'device', ${hour}, device, count(*) from page_views group by 2, 3
    union all select 'browser', ${hour}, browser, count(*) from page_views group by 2, 3
    union all select 'country', ${hour}, coalesce(country, 'Unknown'), count(*) from page_views
      group by 2, 3
    union all select 'visitors', first_hour, '', count(*) from (
      select min(${hour}) as first_hour from page_views group by visitor_id, ${day}) f group by 2`);
  await db.execute(sql`analyze`);
}

async function measure(name: string, database: Database): Promise<Row[]> {
  const now = new Date();
  const started = performance.now();
  await seed(database, now);
  console.log(
    `${name}: seeded ${VIEWS.toLocaleString('en')} page views in ${Math.round((performance.now() - started) / 1000)} s`,
  );
  const rows: Row[] = [];
  for (const range of ANALYTICS_RANGES) {
    await websiteAnalytics(database.db, range, now);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await websiteAnalytics(database.db, range, new Date());
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)] ?? 0;
    const slowest = times.at(-1) ?? 0;
    rows.push({
      database: name,
      range,
      'median ms': median.toFixed(1),
      'slowest ms': slowest.toFixed(1),
      [`under ${TARGET_MS} ms`]: slowest < TARGET_MS ? 'yes' : 'NO',
    });
  }
  return rows;
}

async function onEmbedded(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-bench-analytics-'));
  const database = await openDatabase({ dataDir });
  try {
    return await measure('embedded', database);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(url: string): Promise<Row[]> {
  const name = `rasma_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-bench-analytics-'));
  try {
    const database = await openDatabase({ url: fresh.toString(), dataDir });
    try {
      return await measure('postgres', database);
    } finally {
      await database.close();
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows = await onEmbedded();
  const url = process.env.BENCH_DATABASE_URL;
  if (url) rows.push(...(await onPostgres(url)));
  else console.log('Set BENCH_DATABASE_URL to measure on PostgreSQL too.');
  console.log(
    `\nWebsite analytics with ${VIEWS.toLocaleString('en')} page views (${RUNS} runs each)\n`,
  );
  console.log(markdownTable(rows));
}

await main();
