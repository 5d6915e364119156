import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitHits } from '../db/schema.js';

export async function insertHit(db: Pick<Db, 'insert'>, key: string): Promise<void> {
  await db.insert(rateLimitHits).values({ key });
}

/** The hits on `key` after `since`. */
export async function countHitsSince(db: Db, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  return row?.n ?? 0;
}

export async function deleteHitsBefore(db: Db, cutoff: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, cutoff));
}
