import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { videoSchema } from './videos.js';

/** What a person's webhook endpoints can be told. */
export const WEBHOOK_EVENTS = ['video.completed', 'video.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

/**
 * `Rasma-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the
 * endpoint's secret>`, as Stripe signs its events. A receiver checks the HMAC in constant time and
 * refuses a timestamp older than `toleranceSeconds`.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'Rasma-Signature';
/** A signing secret: this prefix and 32 random bytes in base64url, shown once. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_LIMITS = {
  maxEndpointsPerUser: 5,
  urlMaxLength: 2048,
  /** Attempts of one delivery (the first and its retries, with growing delays). */
  maxAttempts: 8,
  /** How long a receiver has to answer one attempt. */
  timeoutSeconds: 10,
  /** Redirects followed, each checked as the URL itself is. */
  maxRedirects: 3,
  toleranceSeconds: 300,
  /** Deliveries listed per endpoint on the account page (newest first). */
  listedDeliveries: 20,
} as const;

export const WEBHOOK_MESSAGES = {
  httpsOnly: 'A webhook URL must start with https://',
  tooMany: `You already have ${WEBHOOK_LIMITS.maxEndpointsPerUser} webhook endpoints: delete one before adding another`,
  privateAddress:
    'A webhook URL must reach a public address (not a private, loopback or link-local one)',
  hostNotFound: "The webhook URL's host name does not resolve",
} as const;

export const createWebhookRequestSchema = z.object({
  url: z
    .url({ message: 'Not a URL' })
    .max(
      WEBHOOK_LIMITS.urlMaxLength,
      `A URL has at most ${WEBHOOK_LIMITS.urlMaxLength} characters`,
    ),
  events: z
    .array(webhookEventSchema)
    .min(1, 'Choose at least one event')
    .refine((events) => new Set(events).size === events.length, 'Each event once'),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event: webhookEventSchema,
  videoId: z.uuid(),
  /** `pending` while attempts remain; `failed` once the last one failed. */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  /** The receiver's last HTTP status, or null (no answer yet, or none: a timeout, a refusal). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateSchema,
  deliveredAt: isoDateSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: isoDateSchema,
  /** The newest `WEBHOOK_LIMITS.listedDeliveries`. */
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookEndpointSchema) });
/** The only answer that carries the signing secret: it is shown once. */
export const createWebhookResponseSchema = z.object({
  secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
  webhook: webhookEndpointSchema,
});
export const webhookIdParamsSchema = z.object({ id: z.uuid('Not a webhook id') });

/** The JSON body of every delivery; `id` is the delivery's, the same on each retry. */
export const webhookPayloadSchema = z.object({
  id: z.uuid(),
  type: webhookEventSchema,
  createdAt: isoDateSchema,
  data: z.object({ video: videoSchema }),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
