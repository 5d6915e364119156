import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookPayload } from '@rasma/contract';
import type { Transaction } from '../../db/in-transaction.js';
import type { JobSender } from '../../jobs/definitions.js';
import { exportsOfVideos } from '../exports/queries.js';
import type { VideoRow } from '../videos/queries.js';
import { toVideo } from '../videos/service.js';
import { insertDeliveries, subscribedEndpoints } from './queries.js';
import type { WebhookSettings } from './url-policy.js';

/**
 * The first attempt waits a moment: what follows the status change's commit (its progress event,
 * a failed video's file clean-up) is done by then.
 */
const FIRST_ATTEMPT_DELAY_SECONDS = 2;

export interface WebhookEventDeps {
  jobs: JobSender;
  config: { webhooks: Pick<WebhookSettings, 'retrySeconds'> };
}

/**
 * Tells the owner's endpoints subscribed to `event` of the video, in the transaction of the status
 * change (so the deliveries exist exactly when the change does): one delivery row per endpoint with
 * its body fixed now (every attempt sends the same bytes) and one job per delivery.
 */
export async function queueVideoWebhooks(
  deps: WebhookEventDeps,
  tx: Transaction,
  video: VideoRow,
  event: WebhookEvent,
): Promise<void> {
  const endpointIds = await subscribedEndpoints(tx, video.userId, event);
  if (endpointIds.length === 0) return;
  // The video as `GET /api/videos/:id` answers it, with its exports.
  const shown = toVideo(video, (await exportsOfVideos(tx, [video.id])).get(video.id));
  const deliveries = endpointIds.map((endpointId) => {
    const id = randomUUID();
    const payload: WebhookPayload = {
      id,
      type: event,
      createdAt: new Date().toISOString(),
      data: { video: shown },
    };
    return { id, endpointId, event, videoId: video.id, body: JSON.stringify(payload) };
  });
  await insertDeliveries(tx, deliveries);
  for (const { id } of deliveries) {
    await deps.jobs.send(
      'webhookDelivery',
      { deliveryId: id },
      {
        transaction: tx,
        startAfter: new Date(Date.now() + FIRST_ATTEMPT_DELAY_SECONDS * 1000),
        retryDelay: deps.config.webhooks.retrySeconds,
      },
    );
  }
}
