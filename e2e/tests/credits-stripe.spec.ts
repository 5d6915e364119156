import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { stripeEvent } from '../../apps/server/test/support/stripe-events.js';
import { signUp } from '../support/auth.js';
import { STRIPE_KEYS, stripeModeUrls } from '../support/stripe-mode.js';

// The product with Stripe payments (the second e2e server); Stripe's side is played here: its API
// is a loopback fake and its webhook events are signed with the SDK's own test helper.
const urls = stripeModeUrls();
test.use({ baseURL: urls.server, viewport: { width: 1280, height: 900 } });

const DAY_S = 24 * 60 * 60;
const signer = new Stripe(STRIPE_KEYS.STRIPE_SECRET_KEY);
let eventCount = 0;

/** Delivers an event to the server's webhook as Stripe does: the JSON body, signed. */
async function deliver(request: APIRequestContext, type: string, object: object, created: number) {
  const payload = JSON.stringify(
    stripeEvent(`evt_e2e_${Date.now()}_${(eventCount += 1)}`, type, object, created),
  );
  const res = await request.post(`${urls.server}/api/webhooks/stripe`, {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_KEYS.STRIPE_WEBHOOK_SECRET,
      }),
    },
    data: payload,
  });
  expect(res.status()).toBe(200);
}

/** A list from the fake Stripe API, read as a Stripe client would. */
async function stripeList<T>(request: APIRequestContext, pathname: string): Promise<T[]> {
  const res = await request.get(`${urls.stripeApi}${pathname}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: T[] }).data;
}

/** A paid invoice of the subscription for one month from `start`, at the basic plan's price. */
const paidInvoice = (
  ids: { invoice: string; subscription: string; price: string },
  billingReason: string,
  start: number,
) => ({
  id: ids.invoice,
  object: 'invoice',
  billing_reason: billingReason,
  amount_paid: 1100,
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: ids.subscription, metadata: {} },
  },
  lines: {
    object: 'list',
    data: [
      {
        id: `il_${ids.invoice}`,
        object: 'line_item',
        period: { start, end: start + 30 * DAY_S },
        pricing: {
          type: 'price_details',
          price_details: { price: ids.price, product: 'prod_e2e' },
        },
      },
    ],
  },
});

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Payment issue' });
const balanceLink = (page: Page, credits: number) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Credits: ${credits}` });

test('a renewal that fails shows the payment-issue banner until a later payment succeeds', async ({
  page,
  request,
}) => {
  // Stripe.js is fetched only when a payment step opens; these pages must not need Stripe at all.
  const toStripe: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).hostname.endsWith('stripe.com')) toStripe.push(req.url());
  });
  const email = await signUp(page);

  // The call the plan card's button makes; the browser's payment step is Stripe's own and is
  // played here by the invoice.paid event Stripe sends once the first invoice is paid.
  const subscribed = await page.evaluate(async () => {
    const res = await fetch('/api/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'basic' }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  });
  expect(subscribed).toMatchObject({ status: 200, body: { noChargeNeeded: false, amount: 1100 } });
  const firstInvoice = /^pi_for_(\w+)_secret_/.exec(String(subscribed.body.clientSecret))?.[1];
  const [customer] = await stripeList<{ id: string }>(
    request,
    `/v1/customers?email=${encodeURIComponent(email)}`,
  );
  const [subscription] = await stripeList<{ id: string }>(
    request,
    `/v1/subscriptions?customer=${customer?.id}`,
  );
  const prices = await stripeList<{ id: string; lookup_key: string }>(request, '/v1/prices');
  const ids = {
    subscription: subscription?.id ?? '',
    price: prices.find((p) => p.lookup_key === 'rasma_basic')?.id ?? '',
  };
  expect({ firstInvoice, ...ids }).toEqual({
    firstInvoice: expect.stringMatching(/^in_/),
    subscription: expect.stringMatching(/^sub_/),
    price: expect.stringMatching(/^price_/),
  });

  const start = Math.floor(Date.now() / 1000);
  await deliver(
    request,
    'invoice.paid',
    paidInvoice({ ...ids, invoice: firstInvoice ?? '' }, 'subscription_create', start),
    start,
  );
  await page.goto('/credits');
  await expect(page.getByTestId('current-tier')).toHaveText('BASIC');
  await expect(balanceLink(page, 440)).toBeVisible();
  // The tier shown means the banner's data has loaded: its absence is an answer, not a wait.
  await expect(banner(page)).toHaveCount(0);

  // The month's renewal fails: Stripe marks the subscription past_due.
  const renewal = start + 30 * DAY_S;
  const subscriptionUpdate = (status: string) => ({
    id: ids.subscription,
    object: 'subscription',
    status,
  });
  await deliver(request, 'customer.subscription.updated', subscriptionUpdate('past_due'), renewal);
  await page.reload();
  await expect(banner(page)).toContainText(
    "We couldn't take the last payment for your plan. Choose your plan below to pay again; if it stays unpaid, your account moves to the free plan (20 credits a week).",
  );
  await expect(page.getByTestId('current-tier')).toHaveText('BASIC');

  // Stripe's retry succeeds: the renewal's invoice is paid and the subscription is active again.
  await deliver(
    request,
    'invoice.paid',
    paidInvoice({ ...ids, invoice: `${firstInvoice}_renewal` }, 'subscription_cycle', renewal),
    renewal + DAY_S,
  );
  await deliver(
    request,
    'customer.subscription.updated',
    subscriptionUpdate('active'),
    renewal + DAY_S,
  );
  await page.reload();
  await expect(page.getByTestId('current-tier')).toHaveText('BASIC');
  await expect(balanceLink(page, 840)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(toStripe).toEqual([]);
});
