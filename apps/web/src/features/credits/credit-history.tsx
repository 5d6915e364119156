import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MODEL_LABELS } from '@/features/videos/model-labels';
import { type CreditHistoryEntry, type LedgerKind } from '@/lib/contract';
import { formatDate } from '@/lib/format';
import { useCreditHistory } from './api';

const KIND_LABELS: Record<LedgerKind, string> = {
  signup_grant: 'Welcome credits',
  video_debit: 'Video',
  video_refund: 'Refund',
  weekly_grant: 'Weekly free credits',
  plan_grant: 'Plan credits',
  pack_purchase: 'Credit pack',
  admin_refund: 'Refund by support',
};

const VIDEO_KINDS: ReadonlySet<LedgerKind> = new Set(['video_debit', 'video_refund']);

/** What a change was for: the video by its title and model, else the ledger's reason. */
function detail({ kind, reason, video }: CreditHistoryEntry): string {
  if (video) return `${video.title} · ${MODEL_LABELS[video.aiModel]}`;
  return VIDEO_KINDS.has(kind) ? 'A video since deleted' : reason;
}

/** The balance's history from the ledger, newest first, with the balance after each change. */
export function CreditHistory() {
  const [page, setPage] = useState(1);
  const { data } = useCreditHistory(page);
  if (!data) return null;
  return (
    <Card title="Credit History">
      {data.entries.length === 0 ? (
        <p className="text-sm text-slate-600">No credit changes yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="hidden py-2 pr-3 font-medium sm:table-cell">Date</th>
              <th className="py-2 pr-3 font-medium">What</th>
              <th className="py-2 pl-3 text-right font-medium">Amount</th>
              <th className="py-2 pl-3 text-right font-medium">Balance</th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100 align-top">
                <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">
                  {formatDate(entry.createdAt)}
                </td>
                <td className="py-2 pr-3 [overflow-wrap:anywhere]">
                  <span className="font-medium">{KIND_LABELS[entry.kind]}</span>
                  <span className="block text-slate-500">{detail(entry)}</span>
                  <span className="block text-xs text-slate-500 sm:hidden">
                    {formatDate(entry.createdAt)}
                  </span>
                </td>
                <td
                  className={`py-2 pl-3 text-right font-medium whitespace-nowrap ${entry.delta > 0 ? 'text-emerald-700' : 'text-slate-700'}`}
                >
                  {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
                </td>
                <td className="py-2 pl-3 text-right">{entry.balanceAfter}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.pagination.totalPages > 1 && (
        <div className="mt-4 flex items-center justify-end gap-3 text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={!data.pagination.hasPrev}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {data.pagination.currentPage} of {data.pagination.totalPages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={!data.pagination.hasNext}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </div>
      )}
    </Card>
  );
}
