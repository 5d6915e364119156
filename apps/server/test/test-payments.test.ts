import { PLANS } from '@rasma/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, payments, users } from '../src/db/schema.js';
import { createSignedInUser } from './support/factories.js';
import { signedInCalls } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const INSUFFICIENT = '4000000000009995';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
});
afterAll(() => server.close());

const db = () => server.database.db;

const { call, balance, details } = signedInCalls(() => server);
const confirm = (cookie: string, clientSecret: unknown, cardNumber: string) =>
  call(cookie, 'POST', '/api/payments/test/confirm', { clientSecret, cardNumber });

/** A subscriber part-way through a paid month. */
const subscriber = (tier: 'basic' | 'plus' | 'pro' = 'basic', credits = 0) =>
  createSignedInUser(db(), {
    credits,
    subscriptionTier: tier,
    cycleStartDate: new Date(Date.now() - 10 * DAY_MS),
    subscriptionEndsAt: new Date(Date.now() + 20 * DAY_MS),
  });

describe('credit packs with the test card', () => {
  it('buys 50 credits with 4242...: $25.00 charged and the balance rises by exactly 50', async () => {
    const { cookie } = await subscriber('basic', 7);
    const purchase = await call(cookie, 'POST', '/api/purchase-credits', { credits: 50 });
    expect(purchase.status).toBe(200);
    expect(purchase.body.amount).toBe(2500);
    expect(await balance(cookie)).toBe(7);
    const confirmed = await confirm(cookie, purchase.body.clientSecret, SUCCEEDS);
    expect(confirmed).toEqual({ status: 200, body: { status: 'succeeded' } });
    expect(await balance(cookie)).toBe(57);
  });

  it('credits once when the same confirmation is sent twice, and ten times at once', async () => {
    const { user, cookie } = await subscriber();
    const first = await call(cookie, 'POST', '/api/purchase-credits', { credits: 20 });
    await confirm(cookie, first.body.clientSecret, SUCCEEDS);
    expect((await confirm(cookie, first.body.clientSecret, SUCCEEDS)).status).toBe(200);
    expect(await balance(cookie)).toBe(20);

    const second = await call(cookie, 'POST', '/api/purchase-credits', { credits: 10 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(cookie, second.body.clientSecret, SUCCEEDS)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await balance(cookie)).toBe(30);
    const packs = await db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, 'pack_purchase')));
    expect(packs.map((row) => row.delta).sort()).toEqual([10, 20]);
  });

  it('declines 4000...0002 and 4000...9995 with the reason, adds nothing, and a later good card pays', async () => {
    const { user, cookie } = await subscriber('plus', 5);
    const purchase = await call(cookie, 'POST', '/api/purchase-credits', { credits: 100 });
    expect(await confirm(cookie, purchase.body.clientSecret, DECLINED)).toEqual({
      status: 402,
      body: { message: 'Your card was declined.', code: 'PAYMENT_FAILED' },
    });
    expect((await confirm(cookie, purchase.body.clientSecret, INSUFFICIENT)).body.message).toBe(
      'Your card has insufficient funds.',
    );
    expect(await balance(cookie)).toBe(5);
    const [payment] = await db().select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({ status: 'failed', amountCents: 5000 });
    expect((await confirm(cookie, purchase.body.clientSecret, SUCCEEDS)).status).toBe(200);
    expect(await balance(cookie)).toBe(105);
  });

  it('refuses a free user with 403 and a clear message', async () => {
    const { cookie } = await createSignedInUser(db());
    expect(await call(cookie, 'POST', '/api/purchase-credits', { credits: 10 })).toEqual({
      status: 403,
      body: {
        message: 'Credit packs are for subscribers: choose a plan to buy extra credits',
        code: 'PLAN_REQUIRED',
      },
    });
  });

  it('refuses fewer than 10 credits or a fraction, naming the field', async () => {
    const { cookie } = await subscriber();
    for (const credits of [9, 10.5, '20']) {
      const res = await call(cookie, 'POST', '/api/purchase-credits', { credits });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^credits: /);
    }
  });

  it("does not confirm another user's payment, a forged secret or an unknown card", async () => {
    const owner = await subscriber();
    const other = await subscriber();
    const purchase = await call(owner.cookie, 'POST', '/api/purchase-credits', { credits: 10 });
    const secret = purchase.body.clientSecret as string;
    expect((await confirm(other.cookie, secret, SUCCEEDS)).status).toBe(404);
    const forged = secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0');
    expect((await confirm(owner.cookie, forged, SUCCEEDS)).status).toBe(404);
    const unknown = await confirm(owner.cookie, secret, '4111 1111 1111 1111');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^cardNumber: Test mode: use 4242/);
    expect(await balance(owner.cookie)).toBe(0);
    expect(await balance(other.cookie)).toBe(0);
  });
});

describe('plans with the test card', () => {
  it('upgrades free to basic: $11.00, then BASIC with 400 more credits and a month to renew', async () => {
    const { cookie } = await createSignedInUser(db(), { credits: 40 });
    const sub = await call(cookie, 'POST', '/api/subscribe', { tier: 'basic' });
    expect(sub.body).toMatchObject({ noChargeNeeded: false, amount: 1100, isProrated: false });
    expect((await details(cookie)).subscriptionTier).toBe('free');
    expect((await confirm(cookie, sub.body.clientSecret, SUCCEEDS)).status).toBe(200);
    expect(await balance(cookie)).toBe(440);
    const now = await details(cookie);
    expect(now).toMatchObject({ subscriptionTier: 'basic', subscriptionStatus: 'active' });
    const month =
      new Date(now.subscriptionEndDate as string).getTime() -
      new Date(now.cycleStartDate as string).getTime();
    expect(month / DAY_MS).toBeGreaterThanOrEqual(28);
    expect(month / DAY_MS).toBeLessThanOrEqual(31);
  });

  it('charges a prorated upgrade within the period and adds the plans difference in credits', async () => {
    const { cookie } = await subscriber('basic');
    const sub = await call(cookie, 'POST', '/api/subscribe', { tier: 'pro' });
    // Two thirds of the month left: (4900 - 1100) * 2/3.
    expect(sub.body).toMatchObject({ noChargeNeeded: false, isProrated: true });
    expect(Math.abs((sub.body.amount as number) - 2533)).toBeLessThanOrEqual(2);
    await confirm(cookie, sub.body.clientSecret, SUCCEEDS);
    expect(await balance(cookie)).toBe(PLANS.pro.credits - PLANS.basic.credits);
    expect((await details(cookie)).subscriptionTier).toBe('pro');
  });

  it('schedules a downgrade for the period end, and choosing the current tier again cancels it', async () => {
    const { user, cookie } = await subscriber('plus');
    const down = await call(cookie, 'POST', '/api/subscribe', { tier: 'basic' });
    expect(down.body).toMatchObject({ noChargeNeeded: true, clientSecret: null, amount: 0 });
    const pending = await details(cookie);
    expect(pending).toMatchObject({ subscriptionTier: 'plus', pendingSubscriptionTier: 'basic' });
    expect(pending.subscriptionEndsAt).toBe(pending.subscriptionEndDate);
    const again = await call(cookie, 'POST', '/api/subscribe', { tier: 'plus' });
    expect(again.body).toMatchObject({ noChargeNeeded: true });
    expect(await details(cookie)).toMatchObject({
      pendingSubscriptionTier: null,
      subscriptionEndsAt: null,
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.subscriptionTier).toBe('plus');
  });

  it('schedules a cancellation back to free and cancels it through schedule-change', async () => {
    const { cookie } = await subscriber('pro');
    const cancel = await call(cookie, 'POST', '/api/subscription/schedule-change', {
      tier: 'free',
    });
    expect(cancel.body.pendingSubscriptionTier).toBe('free');
    expect((await details(cookie)).pendingSubscriptionTier).toBe('free');
    await call(cookie, 'POST', '/api/subscription/schedule-change', { tier: 'pro' });
    expect((await details(cookie)).pendingSubscriptionTier).toBeNull();
  });

  it('a declined plan payment changes nothing; a later success clears the payment issue', async () => {
    const { cookie } = await createSignedInUser(db(), { subscriptionStatus: 'past_due' });
    const sub = await call(cookie, 'POST', '/api/subscribe', { tier: 'plus' });
    expect((await confirm(cookie, sub.body.clientSecret, DECLINED)).status).toBe(402);
    expect(await details(cookie)).toMatchObject({
      subscriptionTier: 'free',
      subscriptionStatus: 'past_due',
    });
    await confirm(cookie, sub.body.clientSecret, SUCCEEDS);
    expect(await details(cookie)).toMatchObject({
      subscriptionTier: 'plus',
      subscriptionStatus: 'active',
    });
  });

  it('answers 409 for the current plan with nothing pending, and 400 to schedule on free', async () => {
    const { cookie } = await createSignedInUser(db());
    expect(await call(cookie, 'POST', '/api/subscribe', { tier: 'free' })).toMatchObject({
      status: 409,
      body: { message: 'You are already on the Free plan' },
    });
    expect(
      (await call(cookie, 'POST', '/api/subscription/schedule-change', { tier: 'basic' })).status,
    ).toBe(400);
  });

  it('says the payments run in test mode, with no Stripe in the page policy or webhook', async () => {
    const { cookie } = await createSignedInUser(db());
    expect((await call(cookie, 'GET', '/api/payments/config')).body).toEqual({ provider: 'test' });
    const health = await server.request('/api/health');
    expect(health.headers.get('content-security-policy')).not.toContain('stripe.com');
    expect((await call('', 'POST', '/api/webhooks/stripe', { id: 'evt_1' })).status).toBe(404);
  });
});
