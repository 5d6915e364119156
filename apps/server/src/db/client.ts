import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isOutage } from '../outage.js';
import { migrationsDir } from '../paths.js';
import { copyTemplateInto } from './embedded-template.js';
import { withMigrationLock } from './migration-lock.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: a query joins the caller's transaction. */
export type DbOrTx = Pick<Db, 'insert' | 'update' | 'select'>;

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** Raw SQL with `$1`-style parameters, for libraries that bring their own (the job queue). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` until the returned function is called, and
   * `onResumed` when it listens again after losing its connection (what was sent in between is
   * lost).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * When PostgreSQL is out of reach, a request fails within seconds (answered 503) instead of hanging:
 * a connection (or a free slot in the pool) within 3 s, an answer to each query within 3 s. Our
 * queries take milliseconds; a transaction whose query times out waits as long for its rollback.
 */
export const OUTAGE_TIMEOUTS = { connectionTimeoutMillis: 3_000, query_timeout: 3_000 };

/**
 * Opens the database and applies the committed migrations: PostgreSQL when `url` is given,
 * otherwise embedded PostgreSQL (PGlite) persisted in `dataDir/db`, started from the template
 * when it is new (see embedded-template.ts).
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (options.url) {
    const url = options.url;
    const pool = new pg.Pool({ connectionString: url, max: 10, ...OUTAGE_TIMEOUTS });
    // An idle connection that PostgreSQL closed (a restart, a failover, an administrator) is
    // dropped by the pool, which connects anew for the next query; unhandled, the pool's error
    // event would end the process. Queries that fail report themselves.
    pool.on('error', () => undefined);
    // A connection lost while lent out fails its query, which reports it; unhandled, the client's
    // error event would end the process (the pool listens only to idle connections).
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg({ client: pool, schema });
    db.transaction = transactionOnPool(pool);
    const database: Database = {
      db,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values),
      listen: (channel, onPayload, onResumed) =>
        listenOnPostgres(url, channel, onPayload, onResumed),
      close: () => pool.end(),
    };
    return migrated(database, () =>
      withMigrationLock(url, () => migratePg(db, { migrationsFolder: migrationsDir })),
    );
  }
  const dbDir = path.join(options.dataDir, 'db');
  await copyTemplateInto(dbDir);
  const client = await PGlite.create(dbDir, {
    // PGlite touches all of shared_buffers at start (default 128 MB, twice on a first start, which
    // also runs initdb): 16 MB keeps our small database cached and saves about 110 MB resident
    // (restart idle 293 -> 181 MB for PGlite with our migrations), at the same queries/s.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  const db = drizzlePglite({ client, schema });
  const database: Database = {
    db,
    kind: 'embedded',
    // PGlite prepares a statement only when there are parameters; `exec` takes a whole script.
    executeSql: async (text, values = []) =>
      values.length > 0
        ? client.query(text, values)
        : ((await client.exec(text)).at(-1) ?? { rows: [] }),
    // In-process: its LISTEN has no connection to lose.
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
  return migrated(database, () => migratePglite(db, { migrationsFolder: migrationsDir }));
}

/** A drizzle instance for each pooled connection, made once (the pool reuses its connections). */
const onConnection = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();

/**
 * drizzle's own transaction on a pool (drizzle-orm 0.45) keeps the connection for good when BEGIN
 * fails, so a transaction tried during an outage leaked a connection and closing the pool waited
 * forever. Here the connection always goes back, and one that lost a query (a timeout leaves it
 * waiting for an answer that may never come) is closed rather than lent to the next request.
 */
function transactionOnPool(pool: pg.Pool): NodePgDatabase<typeof schema>['transaction'] {
  return async (run, config) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      let db = onConnection.get(client);
      if (!db) onConnection.set(client, (db = drizzlePg({ client, schema })));
      return await db.transaction(run, config);
    } catch (err) {
      if (isOutage(err)) lost = err as Error;
      throw err;
    } finally {
      client.release(lost);
    }
  };
}

/** How long to wait before connecting again after the LISTEN connection was lost. */
const RELISTEN_DELAY_MS = 1_000;
/**
 * How often the LISTEN connection asks PostgreSQL for an answer. It only receives, so without asking
 * it would never learn that the far end forgot it (a network partition outlived by the connection).
 */
const LISTEN_CHECK_MS = 5_000;

/**
 * A connection of its own that LISTENs (pool connections come and go). When it is lost (PostgreSQL
 * restarted, failed over or closed it; or it stopped answering, found by a query every
 * `LISTEN_CHECK_MS`), it connects and LISTENs again, every second until it succeeds, so
 * notifications keep coming; those sent while it was away are lost, and `onResumed` tells the
 * caller so.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResumed?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, ...OUTAGE_TIMEOUTS });
    current = client;
    const check = setInterval(() => void client.query('SELECT 1').catch(lost), LISTEN_CHECK_MS);
    const lost = () => {
      clearInterval(check);
      if (stopped || current !== client) return;
      current = undefined;
      void client.end().catch(() => undefined);
      retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
    };
    // A lost connection is reported here and by 'end'; without a handler it would end the process.
    client.on('error', () => undefined);
    client.once('end', lost);
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      clearInterval(check);
      current = undefined;
      await client.end().catch(() => undefined);
      throw err;
    }
  };
  const reconnect = () => {
    retry = undefined;
    if (stopped) return;
    connect().then(
      () => onResumed?.(),
      () => {
        if (!stopped) retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
      },
    );
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end();
  };
}

/** Applies the migrations; a database that cannot be migrated is closed, not leaked. */
async function migrated(database: Database, migrate: () => Promise<void>): Promise<Database> {
  try {
    await migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
