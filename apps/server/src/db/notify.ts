import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** Sends `payload` to the listeners of `channel` (PostgreSQL NOTIFY), in every process. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
