import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toast } from '@/hooks/use-toast';
import type { ApiToken } from '@/lib/contract';
import { formatDate, formatDateTime } from '@/lib/format';
import { serverMessage } from '@/lib/http';
import { useRefreshApiTokens, useRevokeApiToken } from './api';

/** The person's live tokens, each with its scopes, prefix, dates and a Revoke button. */
export function TokenList({ tokens }: { tokens: ApiToken[] }) {
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const refresh = useRefreshApiTokens();
  const revoke = useRevokeApiToken({
    onSuccess: () => {
      toast({ title: 'Token Revoked', description: `"${revoking?.name}" no longer works.` });
      setRevoking(null);
      void refresh();
    },
    onError: (err) =>
      toast({
        title: 'Revoke Failed',
        description: serverMessage(err, 'The token could not be revoked. Please try again.'),
        variant: 'destructive',
      }),
  });

  if (tokens.length === 0) return <p className="text-sm text-slate-600">No API tokens yet.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="API tokens">
        {tokens.map((token) => (
          <li key={token.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">{token.name}</p>
              <p className="text-slate-600">
                <code className="font-mono">{token.prefix}…</code> · {token.scopes.join(', ')}
              </p>
              <p className="text-slate-500">
                Created {formatDate(token.createdAt)} ·{' '}
                {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : 'Never used'}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Revoke ${token.name}`}
              onClick={() => setRevoking(token)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={revoking !== null}
        title="Revoke API Token"
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ params: { id: revoking.id } })}
        onClose={() => setRevoking(null)}
      >
        Revoke "{revoking?.name}"? Any code using it is refused from now on. This cannot be undone.
      </ConfirmDeleteDialog>
    </>
  );
}
