import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS, WEBHOOK_SIGNATURE_HEADER } from '@rasma/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { markGivenUp, pendingDelivery, recordAttempt } from './queries.js';
import {
  RefusedUrl,
  resolveAllowed,
  type ResolvedAddress,
  type WebhookSettings,
} from './url-policy.js';

const USER_AGENT = 'Rasma-Webhooks/1.0';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as the contract describes it. */
export function signatureHeader(secret: string, body: string, nowSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${nowSeconds}.${body}`).digest('hex');
  return `t=${nowSeconds},v1=${signature}`;
}

/** An attempt that did not deliver: what the delivery's row and the account page say of it. */
class AttemptFailed extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}

export interface DeliveryDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: { webhooks: Pick<WebhookSettings, 'allowPrivateAddresses'> };
}

/**
 * One attempt at a delivery (the `webhookDelivery` job's handler): the fixed body POSTed, signed
 * with the current time, to the endpoint's URL. A 2xx delivers it. Anything else is recorded on the
 * row and thrown, so the queue tries again after a growing delay, until the last attempt, which
 * leaves the delivery `failed`. The queue hands each job to one worker of the whole fleet, and an
 * ended delivery is never sent again. Neither the secret nor the body is logged.
 */
export async function deliverWebhook(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const { db, log } = deps;
  // Gone with its endpoint, or ended: nothing to send.
  const delivery = await pendingDelivery(db, deliveryId);
  if (!delivery) return;
  const sent = await postSigned(delivery, deps.config.webhooks).then(
    (statusCode) => ({ delivered: true, statusCode, error: null }),
    (err: unknown) => {
      if (err instanceof AttemptFailed) {
        return { delivered: false, statusCode: err.statusCode, error: err.message };
      }
      throw err;
    },
  );
  const recorded = await recordAttempt(db, deliveryId, sent);
  if (sent.delivered || !recorded) return;
  if (recorded.status === 'failed') {
    log.warn({ deliveryId, attempts: recorded.attempts }, 'webhook delivery failed for good');
    return;
  }
  throw new Error(`Webhook delivery attempt ${recorded.attempts} failed: ${sent.error}`);
}

/**
 * The queue gave up on a delivery's job before the delivery counted its last attempt (a process
 * died mid-attempt, and its job expired): the delivery has failed, not stayed pending for good.
 */
export async function giveUpDelivery(
  { db, log }: Pick<DeliveryDeps, 'db' | 'log'>,
  deliveryId: string,
): Promise<void> {
  if (await markGivenUp(db, deliveryId)) {
    log.warn({ deliveryId }, 'webhook delivery failed for good: its job ran out of tries');
  }
}

/**
 * POSTs the body to `url`, following up to `WEBHOOK_LIMITS.maxRedirects` redirects (each target
 * checked as the URL itself), all within `WEBHOOK_LIMITS.timeoutSeconds`; the 2xx status, or
 * `AttemptFailed`.
 */
async function postSigned(
  delivery: { url: string; secret: string; body: string },
  settings: Pick<WebhookSettings, 'allowPrivateAddresses'>,
): Promise<number> {
  const signal = AbortSignal.timeout(WEBHOOK_LIMITS.timeoutSeconds * 1000);
  let url = new URL(delivery.url);
  for (let redirects = 0; ; redirects++) {
    const address = await resolveAllowed(url, settings).catch((err: unknown) => {
      if (err instanceof RefusedUrl) throw new AttemptFailed(`Refused: ${err.message}`);
      throw err;
    });
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(
        delivery.secret,
        delivery.body,
        Math.floor(Date.now() / 1000),
      ),
    };
    const { status, location } = await post(url, address, headers, delivery.body, signal);
    if (status >= 200 && status < 300) return status;
    if (!REDIRECTS.has(status) || !location) {
      throw new AttemptFailed(`The receiver answered ${status}`, status);
    }
    if (redirects >= WEBHOOK_LIMITS.maxRedirects) {
      throw new AttemptFailed(`More than ${WEBHOOK_LIMITS.maxRedirects} redirects`, status);
    }
    url = new URL(location, url);
  }
}

/** One POST to `address` (already checked) for `url`'s host name: no lookup of its own. */
function post(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<{ status: number; location: string | undefined }> {
  // The connection goes to the checked address whatever the name resolves to by now (the TLS
  // certificate is still checked against the name).
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      // A connection of its own: no pooled socket to an address checked for another attempt.
      agent: false,
      signal,
    });
    request.once('response', (response: IncomingMessage) => {
      // The receiver's answer is not read, only its status (and where a redirect points).
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        signal.aborted
          ? new AttemptFailed(`No answer within ${WEBHOOK_LIMITS.timeoutSeconds} s`)
          : new AttemptFailed(`Could not reach the receiver (${err.code ?? err.message})`),
      );
    });
    request.end(body);
  });
}
