/** A Stripe event as its API sends it to a webhook; `created` (in seconds) orders the events. */
export const stripeEvent = (id: string, type: string, object: object, created: number) => ({
  id,
  object: 'event',
  api_version: '2026-10-28.endive',
  created,
  livemode: false,
  pending_webhooks: 1,
  request: null,
  type,
  data: { object },
});
