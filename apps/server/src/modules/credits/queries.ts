import type { LedgerKind } from '@rasma/contract';
import { and, count, desc, eq, gte, inArray, like, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { creditLedger, users, videos } from '../../db/schema.js';

// The ledger, and the balance it keeps in step: the users row's `credits` column is this
// module's (see docs/architecture.md).

export interface LedgerEntry {
  userId: string;
  delta: number;
  kind: LedgerKind;
  reason: string;
  idempotencyKey: string;
  videoId?: string | undefined;
}

/** Adds a ledger row; false when its key was already used (nothing is added). */
export async function insertLedgerEntry(tx: DbOrTx, entry: LedgerEntry): Promise<boolean> {
  const inserted = await tx
    .insert(creditLedger)
    .values({ ...entry, videoId: entry.videoId ?? null })
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  return inserted.length > 0;
}

/**
 * Adds `delta` to the user's balance unless it would go below zero (false then: nothing changes).
 * Locks the user's row for the rest of the transaction.
 */
export async function addToBalance(tx: DbOrTx, userId: string, delta: number): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), gte(sql`${users.credits} + ${delta}`, 0)))
    .returning({ credits: users.credits });
  return updated.length > 0;
}

/** The ledger row with this key: what it added and why. */
export async function ledgerEntryByKey(tx: DbOrTx, idempotencyKey: string) {
  const [entry] = await tx
    .select({ delta: creditLedger.delta, reason: creditLedger.reason })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, idempotencyKey));
  return entry;
}

/** What the user's plan details are made of: their plan's columns (read; billing writes them). */
export async function planHolderOf(db: Db, userId: string) {
  const [holder] = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      subscriptionTier: users.subscriptionTier,
      pendingSubscriptionTier: users.pendingSubscriptionTier,
      subscriptionStatus: users.subscriptionStatus,
      cycleStartDate: users.cycleStartDate,
      subscriptionEndsAt: users.subscriptionEndsAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return holder;
}

/** The user's balance now (in a transaction that locked the row: the one it leaves). */
export async function balanceOf(tx: DbOrTx, userId: string): Promise<number> {
  const [user] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId));
  return user?.credits ?? 0;
}

/**
 * The user's balance, read fresh. A prepared statement: the balance is asked for on every page, and
 * planning the query each time was half its cost on the embedded database.
 */
export function creditBalanceQuery(db: Db): (userId: string) => Promise<number> {
  const query = db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('credit_balance');
  return async (userId) => (await query.execute({ userId }))[0]?.credits ?? 0;
}

/** Video debits less their refunds since each user's `since`, per user (one query for them all). */
export async function videoCreditsSince(
  db: Db,
  holders: readonly { id: string; since: Date }[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: creditLedger.userId, used: sql<string | null>`-sum(${creditLedger.delta})` })
    .from(creditLedger)
    .where(
      and(
        inArray(creditLedger.kind, ['video_debit', 'video_refund']),
        or(
          ...holders.map((user) =>
            and(eq(creditLedger.userId, user.id), gte(creditLedger.createdAt, user.since)),
          ),
        ),
      ),
    )
    .groupBy(creditLedger.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.used ?? 0)]));
}

/**
 * Free users at least a week old whose current week (counted from their creation, `weekSeconds`
 * long) has no ledger row under `weekKeyPrefix || id || ':' || week`.
 */
export function usersWithoutWeekGrant(
  db: Db,
  now: Date,
  weekSeconds: number,
  weekKeyPrefix: string,
): Promise<{ id: string; createdAt: Date }[]> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const currentWeek = sql`floor(extract(epoch from (${nowSql} - ${users.createdAt})) / ${weekSeconds})::int`;
  return db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(
      and(
        eq(users.subscriptionTier, 'free'),
        lte(users.createdAt, new Date(now.getTime() - weekSeconds * 1000)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(creditLedger)
            .where(
              eq(
                creditLedger.idempotencyKey,
                sql`${weekKeyPrefix}::text || ${users.id} || ':' || ${currentWeek}`,
              ),
            ),
        ),
      ),
    );
}

/** Credits the user's ledger rows under `key` or `key:...` added in all. */
export async function creditsUnderKey(tx: DbOrTx, userId: string, key: string): Promise<number> {
  const [granted] = await tx
    .select({ credits: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        or(eq(creditLedger.idempotencyKey, key), like(creditLedger.idempotencyKey, `${key}:%`)),
      ),
    );
  return granted?.credits ?? 0;
}

export async function countLedgerEntries(db: Db, userId: string): Promise<number> {
  const [total] = await db
    .select({ rows: count() })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return total?.rows ?? 0;
}

/**
 * A window of the user's ledger, newest first, each change with the balance right after it: the
 * balance now less every later change. A video's debit or refund names the video while it is kept.
 */
export function ledgerPage(db: Db, userId: string, window: { limit: number; offset: number }) {
  const later = sql<number>`coalesce(sum(${creditLedger.delta}) over (order by ${creditLedger.id} desc rows between unbounded preceding and 1 preceding), 0)`;
  return db
    .select({
      id: creditLedger.id,
      createdAt: creditLedger.createdAt,
      kind: creditLedger.kind,
      reason: creditLedger.reason,
      delta: creditLedger.delta,
      balanceAfter: sql<string>`${users.credits} - ${later}`,
      videoTitle: videos.title,
      videoModel: videos.aiModel,
    })
    .from(creditLedger)
    .innerJoin(users, eq(users.id, creditLedger.userId))
    .leftJoin(videos, eq(videos.id, creditLedger.videoId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(window.limit)
    .offset(window.offset);
}
