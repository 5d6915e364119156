import { WEBHOOK_LIMITS, type WebhookEvent } from '@rasma/contract';
import { and, arrayContains, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/in-transaction.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Holds the person's webhook endpoints until the transaction ends, so two creates at once cannot
 * both pass the count below `WEBHOOK_LIMITS.maxEndpointsPerUser`.
 */
export async function lockWebhooksOf(tx: Pick<Transaction, 'execute'>, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${userId}`}))`);
}

export async function countEndpoints(tx: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  tx: Pick<Db, 'insert'>,
  endpoint: Pick<WebhookEndpointRow, 'userId' | 'url' | 'events' | 'secret'>,
): Promise<WebhookEndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(endpoint).returning();
  return row!;
}

/** The person's endpoints, oldest first, each with its newest `listedDeliveries` deliveries. */
export async function endpointsWithDeliveries(db: Db, userId: string) {
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  // At most `maxEndpointsPerUser` short reads, each along the (endpoint, created_at) index.
  return Promise.all(
    endpoints.map(async (endpoint) => ({
      endpoint,
      deliveries: await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(WEBHOOK_LIMITS.listedDeliveries),
    })),
  );
}

/** Deletes the endpoint (its deliveries with it) when `userId` owns it; false when not. */
export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** The ids of the person's endpoints told of `event`. */
export async function subscribedEndpoints(
  tx: Pick<Db, 'select'>,
  userId: string,
  event: WebhookEvent,
): Promise<string[]> {
  const rows = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.userId, userId), arrayContains(webhookEndpoints.events, [event])),
    );
  return rows.map((row) => row.id);
}

export async function insertDeliveries(
  tx: Pick<Db, 'insert'>,
  deliveries: Pick<WebhookDeliveryRow, 'id' | 'endpointId' | 'event' | 'videoId' | 'body'>[],
): Promise<void> {
  if (deliveries.length > 0) await tx.insert(webhookDeliveries).values(deliveries);
}

/** A delivery still to be made, with where it goes and its secret; undefined once it ended. */
export async function pendingDelivery(db: Db, id: string) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      body: webhookDeliveries.body,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')))
    .limit(1);
  return row;
}

/**
 * Records one attempt's outcome: delivered on a 2xx; otherwise still pending, or failed once this
 * was the last of `WEBHOOK_LIMITS.maxAttempts`. Undefined when the delivery had already ended.
 */
export async function recordAttempt(
  db: Db,
  id: string,
  outcome: { delivered: boolean; statusCode: number | null; error: string | null },
): Promise<Pick<WebhookDeliveryRow, 'status' | 'attempts'> | undefined> {
  const { attempts, status } = webhookDeliveries;
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${attempts} + 1`,
      status: outcome.delivered
        ? 'delivered'
        : sql`case when ${attempts} + 1 >= ${WEBHOOK_LIMITS.maxAttempts} then 'failed' else 'pending' end`,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error?.slice(0, 500) ?? null,
      ...(outcome.delivered && { deliveredAt: new Date() }),
    })
    .where(and(eq(webhookDeliveries.id, id), eq(status, 'pending')))
    .returning({ status, attempts });
  return row;
}

/** Marks a delivery still pending failed (its job's tries are spent); false once it had ended. */
export async function markGivenUp(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'Gave up: the attempts ran out' })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}
