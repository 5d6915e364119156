/**
 * Plan payments cannot be replayed into credits: an older payment is void once another plan is
 * chosen or the plan changes, a plan never drops within its period, and a period's plan credits
 * never pass those of the highest plan held in it, whatever the order of choices and payments.
 */
import { PLANS, SUBSCRIPTION_TIERS, type SubscriptionTier } from '@rasma/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema.js';
import { createSignedInUser } from './support/factories.js';
import { signedInCalls } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
});
afterAll(() => server.close());

const { call, balance, details } = signedInCalls(() => server);
const subscribe = (cookie: string, tier: SubscriptionTier) =>
  call(cookie, 'POST', '/api/subscribe', { tier });
const confirm = (cookie: string, clientSecret: unknown, cardNumber = SUCCEEDS) =>
  call(cookie, 'POST', '/api/payments/test/confirm', { clientSecret, cardNumber });
const tierOf = async (cookie: string) =>
  (await details(cookie)).subscriptionTier as SubscriptionTier;

/** The user's ledger: the plan credits granted and the sum of every change. */
async function ledger(userId: string) {
  const rows = await server.database.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  const sum = (kind?: string) =>
    rows.filter((r) => !kind || r.kind === kind).reduce((total, r) => total + r.delta, 0);
  return { planCredits: sum('plan_grant'), total: sum() };
}

describe('stale plan payments', () => {
  it('mint nothing: a free user who asks for Basic and Plus, pays Plus, then the old Basic, stays on Plus', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const basic = await subscribe(cookie, 'basic');
    const plus = await subscribe(cookie, 'plus');
    expect((await confirm(cookie, plus.body.clientSecret)).status).toBe(200);
    expect(await balance(cookie)).toBe(1200);

    const stale = await confirm(cookie, basic.body.clientSecret);
    expect(stale).toEqual({
      status: 409,
      body: {
        message: 'This payment was replaced by a newer plan choice, so nothing was charged.',
        code: 'PAYMENT_REPLACED',
      },
    });
    expect(await tierOf(cookie)).toBe('plus');

    // The upgrade adds what Pro holds beyond Plus, once; Basic mid-period is only scheduled.
    const pro = await subscribe(cookie, 'pro');
    await confirm(cookie, pro.body.clientSecret);
    expect(await tierOf(cookie)).toBe('pro');
    expect(await balance(cookie)).toBe(2000);
    expect((await subscribe(cookie, 'basic')).body).toMatchObject({ noChargeNeeded: true });
    expect(await tierOf(cookie)).toBe('pro');
    expect(await ledger(user.id)).toEqual({ planCredits: 2000, total: 2000 });
  });

  it('an upgrade asked for before a downgrade was scheduled is void', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    await confirm(cookie, (await subscribe(cookie, 'plus')).body.clientSecret);
    const pro = await subscribe(cookie, 'pro');
    await call(cookie, 'POST', '/api/subscription/schedule-change', { tier: 'basic' });
    expect((await confirm(cookie, pro.body.clientSecret)).status).toBe(409);
    expect(await details(cookie)).toMatchObject({
      subscriptionTier: 'plus',
      pendingSubscriptionTier: 'basic',
    });
  });
});

type Step =
  | { kind: 'subscribe'; tier: SubscriptionTier }
  | { kind: 'schedule'; tier: SubscriptionTier }
  | { kind: 'confirm'; payment: number; declined: boolean };

const tier = fc.constantFrom(...SUBSCRIPTION_TIERS);
// Choices and payments most of the time: the sequences that matter ask for several plans and pay
// them in any order.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('subscribe' as const), tier }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('schedule' as const), tier }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('confirm' as const),
      payment: fc.nat({ max: 5 }),
      declined: fc.boolean(),
    }),
  },
);
const price = (t: SubscriptionTier) => PLANS[t].priceCents;

/**
 * Runs the steps as one new user, checking after each that the plan never dropped, the plan credits
 * stay within the highest plan held, and the balance is the ledger's sum.
 */
async function runChecked(steps: Step[]) {
  const { user, cookie } = await createSignedInUser(server.database.db);
  const secrets: unknown[] = [];
  let held: SubscriptionTier = 'free';
  let highest: SubscriptionTier = 'free';
  for (const s of steps) {
    if (s.kind === 'subscribe') {
      const answer = await subscribe(cookie, s.tier);
      if (answer.body.clientSecret) secrets.push(answer.body.clientSecret);
    } else if (s.kind === 'schedule') {
      await call(cookie, 'POST', '/api/subscription/schedule-change', { tier: s.tier });
    } else if (secrets.length > 0) {
      await confirm(cookie, secrets[s.payment % secrets.length], s.declined ? DECLINED : SUCCEEDS);
    }
    const now = await tierOf(cookie);
    expect(price(now)).toBeGreaterThanOrEqual(price(held));
    held = now;
    if (price(now) > price(highest)) highest = now;
    const books = await ledger(user.id);
    expect(books.planCredits).toBeLessThanOrEqual(PLANS[highest].credits);
    expect(books.total).toBe(await balance(cookie));
  }
}

const PAID_TIERS = SUBSCRIPTION_TIERS.filter((t) => t !== 'free');
/** Every sequence of `n` paid plans chosen. */
const choices = (n: number): SubscriptionTier[][] =>
  n === 0 ? [[]] : choices(n - 1).flatMap((rest) => PAID_TIERS.map((t) => [...rest, t]));
/** Every order of 0..n-1. */
const orders = (n: number): number[][] =>
  n === 0
    ? [[]]
    : orders(n - 1).flatMap((order) =>
        Array.from({ length: n }, (_, i) => [...order.slice(0, i), n - 1, ...order.slice(i)]),
      );

describe('plan choices and payments within a period', () => {
  it('every two and three plans chosen, then paid in every order: within the rules', async () => {
    for (const n of [2, 3]) {
      for (const tiers of choices(n)) {
        for (const order of orders(n)) {
          await runChecked([
            ...tiers.map((t): Step => ({ kind: 'subscribe', tier: t })),
            ...order.map((payment): Step => ({ kind: 'confirm', payment, declined: false })),
          ]);
        }
      }
    }
    // Hundreds of sequences, each on a fresh person: a minute or more on a loaded machine.
  }, 180_000);

  it('any sequence of choices, scheduled changes, payments and declines: within the rules', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), runChecked), {
      numRuns: 60,
    });
  }, 180_000);
});

describe('plan calls for one person at the same time', () => {
  /** The rules after calls that ran at once: the plan never dropped, and the books. */
  async function expectWithinRules(userId: string, cookie: string, floor: SubscriptionTier) {
    const now = await tierOf(cookie);
    // A plan never drops, so the plan held now is the highest held in the period.
    expect(price(now)).toBeGreaterThanOrEqual(price(floor));
    const books = await ledger(userId);
    expect(books.planCredits).toBeLessThanOrEqual(PLANS[now].credits);
    expect(books.total).toBe(await balance(cookie));
    return now;
  }
  /** Each answer a payment or its refusal as replaced, never an error. */
  const expectPaidOrReplaced = (answers: Array<{ status: number; body: unknown }>) => {
    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer).toEqual({
        status: 409,
        body: expect.objectContaining({ code: 'PAYMENT_REPLACED' }) as unknown,
      });
    }
  };

  it('every plan chosen at once, then every payment confirmed twice at once: within the rules', async () => {
    for (let round = 0; round < 4; round++) {
      const { user, cookie } = await createSignedInUser(server.database.db);
      const chosen = await Promise.all(PAID_TIERS.map((t) => subscribe(cookie, t)));
      expect(chosen.map((answer) => answer.status)).toEqual(PAID_TIERS.map(() => 200));
      const secrets = chosen.map((answer) => answer.body.clientSecret);
      const paid = await Promise.all([...secrets, ...secrets].map((s) => confirm(cookie, s)));
      expectPaidOrReplaced(paid);
      // The newest choice was open until paid: something was bought.
      expect(paid.some((answer) => answer.status === 200)).toBe(true);
      const held = await expectWithinRules(user.id, cookie, 'basic');

      // Then, on that plan, upgrades, their payments and a scheduled change all at once.
      const upgrades = PAID_TIERS.filter((t) => price(t) > price(held));
      const offers = await Promise.all(upgrades.map((t) => subscribe(cookie, t)));
      const mixed = await Promise.all([
        ...offers.map((offer) => confirm(cookie, offer.body.clientSecret)),
        ...offers.map((offer) => confirm(cookie, offer.body.clientSecret)),
        call(cookie, 'POST', '/api/subscription/schedule-change', { tier: 'basic' }),
      ]);
      expectPaidOrReplaced(mixed.slice(0, -1));
      expect(mixed.at(-1)?.status).toBe(200);
      await expectWithinRules(user.id, cookie, held);
    }
  });
});
