import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  type CreateWebhookRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  countEndpoints,
  deleteEndpoint,
  endpointsWithDeliveries,
  insertEndpoint,
  lockWebhooksOf,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './queries.js';
import { RefusedUrl, resolveAllowed, type WebhookSettings } from './url-policy.js';

export interface WebhooksDeps {
  db: Db;
  settings: Pick<WebhookSettings, 'allowPrivateAddresses'>;
}

const toDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  videoId: row.videoId,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

/** An endpoint as its owner sees it: never its secret. */
const toEndpoint = (
  row: WebhookEndpointRow,
  deliveries: WebhookDeliveryRow[],
): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
  deliveries: deliveries.map(toDelivery),
});

export async function listWebhooks(db: Db, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await endpointsWithDeliveries(db, userId);
  return rows.map(({ endpoint, deliveries }) => toEndpoint(endpoint, deliveries));
}

/**
 * Registers an endpoint: an https URL whose host resolves to public addresses only (checked again
 * at each delivery, after its own lookup), at most `maxEndpointsPerUser` of them. The answer is the
 * only one that carries the signing secret.
 */
export async function createWebhook(
  { db, settings }: WebhooksDeps,
  userId: string,
  request: CreateWebhookRequest,
): Promise<{ secret: string; webhook: WebhookEndpoint }> {
  await resolveAllowed(new URL(request.url), settings).catch((err: unknown) => {
    if (err instanceof RefusedUrl) throw new AppError(400, err.message, 'WEBHOOK_URL_REFUSED');
    throw err;
  });
  const secret = WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    await lockWebhooksOf(tx, userId);
    if ((await countEndpoints(tx, userId)) >= WEBHOOK_LIMITS.maxEndpointsPerUser) {
      throw new AppError(409, WEBHOOK_MESSAGES.tooMany, 'TOO_MANY_WEBHOOKS');
    }
    return insertEndpoint(tx, { userId, url: request.url, events: request.events, secret });
  });
  return { secret, webhook: toEndpoint(row, []) };
}

/** Deletes the person's endpoint and its deliveries; someone else's id is a 404 as none is. */
export async function deleteWebhook(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteEndpoint(db, userId, id))) {
    throw new AppError(404, 'Webhook not found', 'NOT_FOUND');
  }
}
