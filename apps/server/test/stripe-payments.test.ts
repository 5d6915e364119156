import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { payments, users } from '../src/db/schema.js';
import { createSignedInUser } from './support/factories.js';
import { stripeEvent } from './support/stripe-events.js';
import { startStripeFake } from './support/stripe-fake.js';
import { signedInCalls } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const WEBHOOK_SECRET = 'whsec_test_rasma';
const DAY_S = 24 * 60 * 60;

let server: TestServer;
let fake: Awaited<ReturnType<typeof startStripeFake>>;
beforeAll(async () => {
  fake = await startStripeFake();
  server = await startTestServer({
    RENDER_WORKERS: '0',
    STRIPE_SECRET_KEY: 'sk_test_rasma',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_rasma',
    STRIPE_API_URL: fake.url,
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const db = () => server.database.db;
const stripe = new Stripe('sk_test_unused');

const { call, balance, details } = signedInCalls(() => server);

let eventCount = 0;
const now = Math.floor(Date.now() / 1000);
const event = (type: string, object: object, created: number) =>
  stripeEvent(`evt_test_${(eventCount += 1)}`, type, object, created);

/** Delivers an event as Stripe does: the JSON body signed with the webhook secret. */
async function deliver(payload: object, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  const res = await server.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Stripe's `invoice.paid` for a plan's invoice: its subscription, why it was made, its price's period. */
const invoicePaid = (
  invoice: { id: string; subscription: string; reason: string; amount: unknown; price: string },
  period: { start: number; end: number },
  created: number,
) =>
  event(
    'invoice.paid',
    {
      id: invoice.id,
      object: 'invoice',
      billing_reason: invoice.reason,
      amount_paid: invoice.amount,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: invoice.subscription, metadata: {} },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: `il_${invoice.id}`,
            object: 'line_item',
            period,
            pricing: {
              type: 'price_details',
              price_details: { price: invoice.price, product: 'prod_1' },
            },
          },
        ],
      },
    },
    created,
  );

/** The invoice a plan's client secret pays. */
const invoiceOf = (clientSecret: unknown) =>
  (clientSecret as string).slice('pi_for_'.length).split('_secret_')[0]!;

const subscriber = () =>
  createSignedInUser(db(), {
    subscriptionTier: 'basic',
    cycleStartDate: new Date(Date.now() - 10 * DAY_S * 1000),
    subscriptionEndsAt: new Date(Date.now() + 20 * DAY_S * 1000),
  });

async function buyPack(cookie: string, credits: number) {
  const purchase = await call(cookie, 'POST', '/api/purchase-credits', { credits });
  expect(purchase.status).toBe(200);
  const secret = purchase.body.clientSecret as string;
  return { amount: purchase.body.amount, intentId: secret.split('_secret_')[0]! };
}

describe('packs through Stripe', () => {
  it('starts a PaymentIntent for the price in cents and credits once when Stripe says it succeeded', async () => {
    const { cookie } = await subscriber();
    const pack = await buyPack(cookie, 50);
    expect(pack.amount).toBe(2500);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      form: { amount: '2500', currency: 'usd' },
    });
    expect(await balance(cookie)).toBe(0);
    const succeeded = event(
      'payment_intent.succeeded',
      { id: pack.intentId, object: 'payment_intent' },
      now,
    );
    expect(await deliver(succeeded)).toEqual({ status: 200, body: { received: true } });
    expect(await balance(cookie)).toBe(50);
  });

  it('credits once when the same event is delivered 5 times, in turn and at once', async () => {
    const { cookie } = await subscriber();
    const pack = await buyPack(cookie, 20);
    const succeeded = event(
      'payment_intent.succeeded',
      { id: pack.intentId, object: 'payment_intent' },
      now,
    );
    await deliver(succeeded);
    await deliver(succeeded);
    const answers = await Promise.all([1, 2, 3].map(() => deliver(succeeded)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await balance(cookie)).toBe(20);
  });

  it('answers a bad or missing signature with 400 and changes nothing', async () => {
    const { user, cookie } = await subscriber();
    const pack = await buyPack(cookie, 10);
    const succeeded = event(
      'payment_intent.succeeded',
      { id: pack.intentId, object: 'payment_intent' },
      now,
    );
    expect(await deliver(succeeded, 'whsec_someone_else')).toEqual({
      status: 400,
      body: { message: 'Invalid webhook signature', code: 'INVALID_SIGNATURE' },
    });
    const unsigned = await server.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(succeeded),
    });
    expect(unsigned.status).toBe(400);
    expect(await balance(cookie)).toBe(0);
    const [payment] = await db().select().from(payments).where(eq(payments.userId, user.id));
    expect(payment?.status).toBe('pending');
    // The same event, signed, still applies: nothing was recorded from the forged ones.
    await deliver(succeeded);
    expect(await balance(cookie)).toBe(10);
  });

  it('records a declined payment with Stripe reason and adds nothing', async () => {
    const { user, cookie } = await subscriber();
    const pack = await buyPack(cookie, 10);
    await deliver(
      event(
        'payment_intent.payment_failed',
        {
          id: pack.intentId,
          object: 'payment_intent',
          last_payment_error: { message: 'Your card was declined.' },
        },
        now,
      ),
    );
    const [payment] = await db().select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(await balance(cookie)).toBe(0);
  });
});

describe('the Stripe keys', () => {
  it('are all three or none: one alone stops the server with a clear message', () => {
    expect(() =>
      loadConfig({ DATA_DIR: server.dataDir, STRIPE_SECRET_KEY: 'sk_test_only' }),
    ).toThrow(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY must be set together',
    );
    expect(() =>
      loadConfig({ DATA_DIR: server.dataDir, STRIPE_PUBLISHABLE_KEY: 'sk_live_swapped' }),
    ).toThrow('STRIPE_PUBLISHABLE_KEY must be a pk_ key');
  });
});

describe('the page security policy with Stripe', () => {
  it("lets the payment step load Stripe's script, frames and API", async () => {
    const csp = (await server.request('/api/health')).headers.get('content-security-policy');
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });
});

describe('plans through Stripe', () => {
  it('subscribes with the first invoice, and events out of order end in the right tier and status', async () => {
    const { user, cookie } = await createSignedInUser(db());
    const sub = await call(cookie, 'POST', '/api/subscribe', { tier: 'basic' });
    expect(sub.body).toMatchObject({ noChargeNeeded: false, amount: 1100, isProrated: false });
    expect(sub.body.clientSecret).toMatch(/^pi_for_in_fake\d+_secret_x$/);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    const subscriptionId = row!.stripeSubscriptionId!;
    expect(subscriptionId).toMatch(/^sub_fake/);
    expect(row!.stripeCustomerId).toMatch(/^cus_fake/);
    const invoiceId = invoiceOf(sub.body.clientSecret);
    const price = fake.priceId('rasma_basic')!;

    const periodStart = now;
    const paid = invoicePaid(
      {
        id: invoiceId,
        subscription: subscriptionId,
        reason: 'subscription_create',
        amount: 1100,
        price,
      },
      { start: periodStart, end: periodStart + 30 * DAY_S },
      now + 1,
    );
    const status = (value: string, created: number) =>
      event(
        'customer.subscription.updated',
        { id: subscriptionId, object: 'subscription', status: value },
        created,
      );
    // Sent active, then past_due, then active again (a failed renewal retried); the newest comes
    // first and the past_due last.
    await deliver(status('active', now + 4));
    await deliver(paid);
    await deliver(status('active', now + 2));
    await deliver(status('past_due', now + 3));
    expect(await details(cookie)).toMatchObject({
      subscriptionTier: 'basic',
      subscriptionStatus: 'active',
      cycleStartDate: new Date(periodStart * 1000).toISOString(),
      subscriptionEndDate: new Date((periodStart + 30 * DAY_S) * 1000).toISOString(),
    });
    expect(await balance(cookie)).toBe(400);

    // A renewal that fails shows the banner's status; its deletion later ends the plan, and an older
    // update arriving after the deletion does not bring it back.
    await deliver(status('past_due', now + 5));
    expect((await details(cookie)).subscriptionStatus).toBe('past_due');
    await deliver(
      event(
        'customer.subscription.deleted',
        { id: subscriptionId, object: 'subscription', status: 'canceled' },
        now + 7,
      ),
    );
    await deliver(status('active', now + 6));
    await deliver(paid);
    expect(await details(cookie)).toMatchObject({
      subscriptionTier: 'free',
      subscriptionStatus: 'active',
    });
    expect(await balance(cookie)).toBe(400);
  });

  it('charges an upgrade through a prorated invoice and adds the difference in credits once paid', async () => {
    fake.addSubscription('sub_upgrading');
    const { user, cookie } = await createSignedInUser(db(), {
      subscriptionTier: 'basic',
      stripeSubscriptionId: 'sub_upgrading',
      cycleStartDate: new Date(Date.now() - 10 * DAY_S * 1000),
      subscriptionEndsAt: new Date(Date.now() + 20 * DAY_S * 1000),
    });
    const upgrade = await call(cookie, 'POST', '/api/subscribe', { tier: 'pro' });
    expect(upgrade.body).toMatchObject({ noChargeNeeded: false, isProrated: true });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/subscriptions/sub_upgrading',
      form: { proration_behavior: 'always_invoice', 'items[0][price]': fake.priceId('rasma_pro') },
    });
    expect((await details(cookie)).subscriptionTier).toBe('basic');
    const [payment] = await db().select().from(payments).where(eq(payments.userId, user.id));
    const paid = invoicePaid(
      {
        id: payment!.providerPaymentId,
        subscription: 'sub_upgrading',
        reason: 'subscription_update',
        amount: upgrade.body.amount,
        price: fake.priceId('rasma_pro')!,
      },
      { start: now, end: now + 20 * DAY_S },
      now,
    );
    await deliver(paid);
    await deliver(paid);
    expect((await details(cookie)).subscriptionTier).toBe('pro');
    expect(await balance(cookie)).toBe(2000 - 400);
  });

  it('voids a plan invoice another choice replaced: paid all the same, it never lowers the plan or adds plan credits', async () => {
    fake.addSubscription('sub_stale');
    const { cookie } = await createSignedInUser(db(), {
      subscriptionTier: 'basic',
      stripeSubscriptionId: 'sub_stale',
      cycleStartDate: new Date(Date.now() - 10 * DAY_S * 1000),
      subscriptionEndsAt: new Date(Date.now() + 20 * DAY_S * 1000),
    });
    const toPlus = await call(cookie, 'POST', '/api/subscribe', { tier: 'plus' });
    const toPro = await call(cookie, 'POST', '/api/subscribe', { tier: 'pro' });
    const stale = invoiceOf(toPlus.body.clientSecret);
    expect(fake.requests).toContainEqual({
      method: 'POST',
      path: `/v1/invoices/${stale}/void`,
      form: {},
    });
    const period = { start: now, end: now + 20 * DAY_S };
    const upgrade = (clientSecret: unknown, amount: unknown, tier: string) =>
      invoicePaid(
        {
          id: invoiceOf(clientSecret),
          subscription: 'sub_stale',
          reason: 'subscription_update',
          amount,
          price: fake.priceId(`rasma_${tier}`)!,
        },
        period,
        now,
      );
    await deliver(upgrade(toPro.body.clientSecret, toPro.body.amount, 'pro'));
    expect(await balance(cookie)).toBe(2000 - 400);
    // Paid before Stripe voided it: the plan stays Pro and its money comes as credits.
    await deliver(upgrade(toPlus.body.clientSecret, toPlus.body.amount, 'plus'));
    expect((await details(cookie)).subscriptionTier).toBe('pro');
    expect(await balance(cookie)).toBe(2000 - 400 + Math.floor(Number(toPlus.body.amount) / 50));
  });

  it('schedules a cancellation at the period end with Stripe, and serves no test confirmation', async () => {
    fake.addSubscription('sub_external');
    const { cookie } = await createSignedInUser(db(), {
      subscriptionTier: 'plus',
      stripeSubscriptionId: 'sub_external',
      subscriptionEndsAt: new Date(Date.now() + DAY_S * 1000),
    });
    await call(cookie, 'POST', '/api/subscription/schedule-change', { tier: 'free' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions/sub_external',
      form: { cancel_at_period_end: 'true' },
    });
    expect((await details(cookie)).pendingSubscriptionTier).toBe('free');
    const confirm = await call(cookie, 'POST', '/api/payments/test/confirm', {
      clientSecret: 'x_secret_y',
      cardNumber: '4242424242424242',
    });
    expect(confirm.status).toBe(404);
    expect((await call(cookie, 'GET', '/api/payments/config')).body).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_rasma',
    });
  });
});
