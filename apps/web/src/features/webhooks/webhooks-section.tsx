import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { WEBHOOK_LIMITS, WEBHOOK_SIGNATURE_HEADER } from '@/lib/contract';
import { serverMessage } from '@/lib/http';
import { useWebhooks } from './api';
import { CreateWebhookForm } from './create-webhook-form';
import { NewSecretNotice } from './new-secret-notice';
import { WebhookList } from './webhook-list';

/** The account page's webhooks: endpoints with their deliveries, a new one (secret shown once). */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Card
      title="Webhooks"
      description={
        <>
          Let your server know when a video is ready or failed: Rasma POSTs a JSON event to each
          https endpoint, signed in a <code>{WEBHOOK_SIGNATURE_HEADER}</code> header, and tries
          again for a while (up to {WEBHOOK_LIMITS.maxAttempts} attempts) until it answers 2xx. See
          the{' '}
          <Link to="/developers" className="underline">
            developer docs
          </Link>
          .
        </>
      }
    >
      <div className="grid gap-6">
        {secret && <NewSecretNotice secret={secret} onDone={() => setSecret(null)} />}
        {webhooks.isPending ? (
          <Spinner />
        ) : webhooks.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {serverMessage(webhooks.error, 'Your webhooks could not be loaded.')}
          </p>
        ) : (
          <WebhookList webhooks={webhooks.data.webhooks} />
        )}
        <CreateWebhookForm onCreated={setSecret} />
      </div>
    </Card>
  );
}
