import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { checkedSubmit } from '@/lib/checked-submit';
import { serverMessage } from '@/lib/http';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  createWebhookRequestSchema,
  type WebhookEvent,
} from '@/lib/contract';
import { useCreateWebhook, useRefreshWebhooks } from './api';
import { WEBHOOK_EVENT_LABELS } from './event-labels';

/** An endpoint's URL and the events it is told of; `onCreated` gets its secret, shown only then. */
export function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshWebhooks();
  const create = useCreateWebhook({
    onSuccess: ({ secret }) => {
      setUrl('');
      setEvents([...WEBHOOK_EVENTS]);
      onCreated(secret);
      void refresh();
    },
    onError: (err) =>
      setError(serverMessage(err, 'The endpoint could not be added. Please try again.')),
  });

  const onSubmit = checkedSubmit(
    createWebhookRequestSchema,
    () => ({ url: url.trim(), events }),
    setError,
    (body) => create.mutate({ body }),
  );

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label="New webhook endpoint">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/rasma-webhooks"
          maxLength={WEBHOOK_LIMITS.urlMaxLength}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <CheckboxGroup
        legend="Events to send"
        options={WEBHOOK_EVENTS}
        checked={events}
        onChange={setEvents}
        label={(event) => (
          <>
            <code className="font-mono">{event}</code>: {WEBHOOK_EVENT_LABELS[event]}
          </>
        )}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending && <Spinner />}
        Add endpoint
      </Button>
    </form>
  );
}
