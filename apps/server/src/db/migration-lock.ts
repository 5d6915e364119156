import pg from 'pg';

/** Any fixed number: the advisory lock Rasma's processes take to migrate one at a time. */
const MIGRATION_LOCK = 7_273_400_126;

/**
 * Runs `migrate` while this process holds a PostgreSQL advisory lock on a connection of its own, so
 * processes that start at once (a fleet, a deploy) migrate one after another: the first applies what
 * is new, the others find it applied. Without it they create the same tables at the same time and
 * all but one fail to start. Ending the connection releases the lock, also when `migrate` throws.
 */
export async function withMigrationLock<T>(url: string, migrate: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await migrate();
  } finally {
    await client.end();
  }
}

/**
 * Runs `setUp` (the job queue's install, its queues: each a table) under the migration lock on
 * PostgreSQL, so processes starting at once do it one at a time; the embedded database serves one
 * process and needs no lock.
 */
export function oneProcessAtATime<T>(databaseUrl: string | undefined, setUp: () => Promise<T>) {
  return databaseUrl ? withMigrationLock(databaseUrl, setUp) : setUp();
}
