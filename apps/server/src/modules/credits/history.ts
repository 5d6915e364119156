import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditLedger, users, videos } from '../../db/schema.js';
import { pageWindow, paginationOf } from '../../http/pagination.js';

export const CREDIT_HISTORY_PAGE_SIZE = 20;

/**
 * A user's ledger, newest first, each change with the balance right after it: the balance now less
 * every later change (so the list always ends at the balance the page shows). A video's debit or
 * refund names the video (its title and model) while the video is kept.
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
      videoTitle: videos.title,
      videoModel: videos.aiModel,
    })
    .from(creditLedger)
    .innerJoin(users, eq(users.id, creditLedger.userId))
    .leftJoin(videos, eq(videos.id, creditLedger.videoId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(limit)
    .offset(offset);
  return {
    entries: rows.map(({ videoTitle, videoModel, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      balanceAfter: Number(row.balanceAfter),
      video:
        videoTitle !== null && videoModel !== null
          ? { title: videoTitle, aiModel: videoModel }
          : null,
    })),
    pagination: paginationOf(page, total?.rows ?? 0, CREDIT_HISTORY_PAGE_SIZE),
  };
}
