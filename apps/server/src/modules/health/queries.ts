import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Resolves once the database has answered a query; throws when it cannot. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
