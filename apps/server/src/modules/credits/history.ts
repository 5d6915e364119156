import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';
import { pageWindow, paginationOf } from '../../http/pagination.js';

export const CREDIT_HISTORY_PAGE_SIZE = 20;

/**
 * A user's ledger, newest first, each change with the balance right after it: the balance now less
 * every later change (so the list always ends at the balance the page shows).
 */
export async function creditHistory(db: Db, userId: string, page: number) {
  const [total] = await db
    .select({ rows: count() })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  const { limit, offset } = pageWindow(page, CREDIT_HISTORY_PAGE_SIZE);
  const later = sql<number>`coalesce(sum(${creditLedger.delta}) over (order by ${creditLedger.id} desc rows between unbounded preceding and 1 preceding), 0)`;
  const rows = await db
    .select({
      id: creditLedger.id,
      createdAt: creditLedger.createdAt,
      kind: creditLedger.kind,
      reason: creditLedger.reason,
      delta: creditLedger.delta,
      balanceAfter: sql<string>`${users.credits} - ${later}`,
    })
    .from(creditLedger)
    .innerJoin(users, eq(users.id, creditLedger.userId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(limit)
    .offset(offset);
  return {
    entries: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      balanceAfter: Number(row.balanceAfter),
    })),
    pagination: paginationOf(page, total?.rows ?? 0, CREDIT_HISTORY_PAGE_SIZE),
  };
}
