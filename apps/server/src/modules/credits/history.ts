import type { Db } from '../../db/client.js';
import { pageWindow, paginationOf } from '../../http/pagination.js';
import { countLedgerEntries, ledgerPage } from './queries.js';

export const CREDIT_HISTORY_PAGE_SIZE = 20;

/**
 * A user's ledger, newest first, each change with the balance right after it: the balance now less
 * every later change (so the list always ends at the balance the page shows). A video's debit or
 * refund names the video (its title and model) while the video is kept.
 */
export async function creditHistory(db: Db, userId: string, page: number) {
  const total = await countLedgerEntries(db, userId);
  const rows = await ledgerPage(db, userId, pageWindow(page, CREDIT_HISTORY_PAGE_SIZE));
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
    pagination: paginationOf(page, total, CREDIT_HISTORY_PAGE_SIZE),
  };
}
