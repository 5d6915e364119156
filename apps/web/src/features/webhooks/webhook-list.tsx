import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toast } from '@/hooks/use-toast';
import type { WebhookDelivery, WebhookEndpoint } from '@/lib/contract';
import { formatDate, formatDateTime } from '@/lib/format';
import { serverMessage } from '@/lib/http';
import { useDeleteWebhook, useRefreshWebhooks } from './api';

const STATUS_STYLES: Record<WebhookDelivery['status'], string> = {
  pending: 'text-amber-700',
  delivered: 'text-emerald-700',
  failed: 'text-red-700',
};

/** What the receiver last said: its status code, else why there was no answer. */
const lastAnswer = ({ lastStatusCode, lastError }: WebhookDelivery) =>
  [lastStatusCode, lastError].filter((part) => part !== null).join(' · ') || '—';

function Deliveries({ deliveries }: { deliveries: WebhookDelivery[] }) {
  if (deliveries.length === 0) {
    return <p className="text-sm text-slate-600">No deliveries yet.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-slate-500">
          <tr>
            <th className="py-2 pr-3 font-medium">Event</th>
            <th className="py-2 pr-3 font-medium">Status</th>
            <th className="py-2 pr-3 font-medium">Attempts</th>
            <th className="py-2 pr-3 font-medium">Last answer</th>
            <th className="py-2 font-medium">Time</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id} className="border-t border-slate-100 align-top">
              <td className="py-2 pr-3 font-mono whitespace-nowrap">{delivery.event}</td>
              <td className={`py-2 pr-3 font-medium ${STATUS_STYLES[delivery.status]}`}>
                {delivery.status}
              </td>
              <td className="py-2 pr-3">{delivery.attempts}</td>
              <td className="py-2 pr-3 [overflow-wrap:anywhere]">{lastAnswer(delivery)}</td>
              <td className="py-2 whitespace-nowrap">
                {formatDateTime(delivery.deliveredAt ?? delivery.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The person's endpoints, each with its events, its newest deliveries and a Delete button. */
export function WebhookList({ webhooks }: { webhooks: WebhookEndpoint[] }) {
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const refresh = useRefreshWebhooks();
  const remove = useDeleteWebhook({
    onSuccess: () => {
      toast({ title: 'Endpoint Deleted', description: `${deleting?.url} is told nothing more.` });
      setDeleting(null);
      void refresh();
    },
    onError: (err) =>
      toast({
        title: 'Delete Failed',
        description: serverMessage(err, 'The endpoint could not be deleted. Please try again.'),
        variant: 'destructive',
      }),
  });

  if (webhooks.length === 0) return <p className="text-sm text-slate-600">No endpoints yet.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="Webhook endpoints">
        {webhooks.map((webhook) => (
          <li key={webhook.id} className="grid gap-3 py-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 text-sm">
                <p className="font-mono font-medium break-all text-slate-900">{webhook.url}</p>
                <p className="text-slate-600">
                  {webhook.events.join(', ')} · added {formatDate(webhook.createdAt)}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Delete ${webhook.url}`}
                onClick={() => setDeleting(webhook)}
              >
                Delete
              </Button>
            </div>
            <Deliveries deliveries={webhook.deliveries} />
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete Webhook Endpoint"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        onClose={() => setDeleting(null)}
      >
        Delete {deleting?.url}? It is told of no more events, and its deliveries are deleted with
        it. This cannot be undone.
      </ConfirmDeleteDialog>
    </>
  );
}
