import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The user's balance, read fresh (kept in step with the ledger inside each change's transaction). */
export async function creditBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.credits ?? 0;
}
