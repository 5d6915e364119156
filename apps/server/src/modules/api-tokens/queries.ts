import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { apiTokens, users } from '../../db/schema.js';
import type { UserRow } from '../auth/queries.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

const live = isNull(apiTokens.revokedAt);

export async function insertApiToken(
  db: DbOrTx,
  values: Pick<
    typeof apiTokens.$inferInsert,
    'userId' | 'name' | 'tokenHash' | 'prefix' | 'scopes'
  >,
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('api token insert returned nothing');
  return row;
}

export async function countLiveTokens(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), live));
  return row?.n ?? 0;
}

/** A person's unrevoked tokens, newest first. */
export function liveTokensOf(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), live))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Revokes the person's live token `id`; false when there is none such (someone else's, unknown). */
export async function revokeLiveToken(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), live))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** The live token with this hash and its owner. */
export async function liveTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), live))
    .limit(1);
  return row;
}

/** Sets `last_used_at` to now unless it is already after `since` (one conditional UPDATE). */
export async function noteTokenUse(db: Db, id: string, since: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, since))),
    );
}
