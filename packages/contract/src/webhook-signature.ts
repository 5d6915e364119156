import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_LIMITS } from './webhooks.js';

/**
 * How a receiver checks a delivery (the Node example of docs/api.md; also what the server's tests
 * check deliveries with). `header` is the `Rasma-Signature` header, `body` the raw request body as
 * received (before any JSON parsing), `nowSeconds` the receiver's clock in Unix seconds. True when
 * one of the header's `v1` signatures is the HMAC-SHA256 of `"<t>.<body>"` keyed with the secret
 * and `t` is within `WEBHOOK_LIMITS.toleranceSeconds` of now (an old delivery replayed is refused).
 * Node only (`node:crypto`): the web app never imports it.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): boolean {
  const fields = (header ?? '').split(',').map((field) => field.trim().split('='));
  const timestamp = fields.find(([key]) => key === 't')?.[1];
  if (!timestamp || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_LIMITS.toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return fields.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]+$/i.test(value)) return false;
    const given = Buffer.from(value, 'hex');
    // Compared in constant time: how much of a guess matched must not show in the answer's time.
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
