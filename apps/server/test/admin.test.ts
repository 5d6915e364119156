import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  adminUsersPageSchema,
  api,
  endpointUrl,
  userLookupResponseSchema,
  type Endpoint,
} from '@rasma/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, creditLedger, payments, users, videos } from '../src/db/schema.js';
import { listUsers } from '../src/modules/admin/service.js';
import { createSignedInUser, createUser } from './support/factories.js';
import { postJson } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.database.db, { isAdmin: true });
});
afterAll(() => server.close());

const db = () => server.database.db;
const asAdmin = (pathname: string, init: RequestInit = {}) =>
  server.request(pathname, { ...init, headers: { cookie: admin.cookie, ...init.headers } });

const UUID = '00000000-0000-4000-8000-000000000000';
const ADMIN_CALLS = Object.entries(api).filter(([, e]) => e.access === 'admin') as [
  string,
  Endpoint,
][];
const urlOf = (e: Endpoint) =>
  endpointUrl(e, { email: 'someone@example.com', userId: UUID, id: UUID });

describe('every admin call', () => {
  it('is in the table: all seven of the spec', () => {
    expect(ADMIN_CALLS.map(([, e]) => `${e.method} ${e.path}`).sort()).toEqual([
      'GET /api/admin/analytics',
      'GET /api/admin/analytics/website',
      'GET /api/admin/failed-videos',
      'GET /api/admin/user/:email',
      'GET /api/admin/users',
      'GET /api/admin/videos/:id/download',
      'POST /api/admin/refund/:userId',
    ]);
  });

  it.each(ADMIN_CALLS)('%s refuses a visitor with 401 and a user with 403', async (_, e) => {
    const init = (cookie?: string): RequestInit => ({
      method: e.method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(e.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(e.method === 'POST' ? { body: JSON.stringify({ credits: 5, reason: 'x' }) } : {}),
    });
    const visitor = await server.request(urlOf(e), init());
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHENTICATED' });

    const { user, cookie } = await createSignedInUser(db(), { credits: 7 });
    const normal = await server.request(urlOf(e), init(cookie));
    expect(normal.status).toBe(403);
    expect(await normal.json()).toEqual({ message: 'Admin access required', code: 'FORBIDDEN' });
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after?.credits).toBe(7);
  });
});

const refund = (userId: string, body: unknown, key?: string) =>
  postJson(server, `/api/admin/refund/${userId}`, body, {
    cookie: admin.cookie,
    ...(key ? { 'idempotency-key': key } : {}),
  });
const lookup = (email: string) => asAdmin(`/api/admin/user/${encodeURIComponent(email)}`);

describe('refunds', () => {
  it('adds the credits once per idempotency key, in the ledger, the lookup and the audit log', async () => {
    const target = await createUser(db(), { credits: 3, email: 'refund.me@example.com' });
    const body = { credits: 5, reason: 'Manual refund - 5 credits' };

    const first = await refund(target.id, body, 'click-1');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      message: 'Added 5 credits to refund.me@example.com',
      credits: 8,
    });
    const retry = await refund(target.id, body, 'click-1');
    expect(await retry.json()).toEqual({
      message: 'Added 5 credits to refund.me@example.com',
      credits: 8,
    });
    // The same key with another amount or reason is not a retry: it says so and adds nothing.
    for (const other of [
      { credits: 500, reason: body.reason },
      { credits: 5, reason: 'Manual refund - 5 credits, again' },
    ]) {
      const reused = await refund(target.id, other, 'click-1');
      expect(reused.status).toBe(409);
      expect(await reused.json()).toEqual({
        message: 'This Idempotency-Key was already used for a different refund: nothing was added.',
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }

    const ledger = await db()
      .select({ delta: creditLedger.delta, kind: creditLedger.kind, reason: creditLedger.reason })
      .from(creditLedger)
      .where(eq(creditLedger.userId, target.id));
    expect(ledger).toEqual([
      {
        delta: 5,
        kind: 'admin_refund',
        reason: `Manual refund - 5 credits (by ${admin.user.email})`,
      },
    ]);
    const found = await lookup('refund.me@example.com');
    expect(((await found.json()) as { user: { credits: number } }).user.credits).toBe(8);

    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, target.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: admin.user.id,
      adminEmail: admin.user.email,
      action: 'refund',
      details: { credits: 5, reason: 'Manual refund - 5 credits', idempotencyKey: 'click-1' },
    });
    expect(Date.now() - audit[0]!.createdAt.getTime()).toBeLessThan(60_000);

    // Another click is another refund; so is a request without a key.
    await refund(target.id, { credits: 1, reason: 'Manual refund - 1 credits' }, 'click-2');
    const keyless = await refund(target.id, { credits: 1, reason: 'Manual refund - 1 credits' });
    expect(((await keyless.json()) as { credits: number }).credits).toBe(10);
    expect(
      await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, target.id)),
    ).toHaveLength(3);
  });

  it.each([0, -5, 1.5, '5', null])(
    'refuses %j credits with the spec text and changes nothing',
    async (credits) => {
      const target = await createUser(db(), { credits: 3 });
      const res = await refund(target.id, { credits, reason: 'Manual refund' }, `bad-${credits}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: 'credits: Please enter a valid number of credits',
        code: 'VALIDATION_ERROR',
      });
      const [after] = await db().select().from(users).where(eq(users.id, target.id));
      expect(after?.credits).toBe(3);
    },
  );

  it('answers 404 for an unknown user and 400 for a bad idempotency key', async () => {
    const missing = await refund(UUID, { credits: 1, reason: 'x' }, 'k');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    const target = await createUser(db(), { credits: 0 });
    const bad = await refund(target.id, { credits: 1, reason: 'x' }, 'x'.repeat(201));
    expect(bad.status).toBe(400);
    const [after] = await db().select().from(users).where(eq(users.id, target.id));
    expect(after?.credits).toBe(0);
  });
});

describe('user lookup, stats and videos', () => {
  let owner: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    owner = await createUser(db(), {
      email: 'owner@example.com',
      firstName: 'Olive',
      credits: 12,
      subscriptionTier: 'plus',
      stripeCustomerId: 'cus_123',
    });
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    await db()
      .insert(videos)
      .values(
        [
          { title: 'Done', status: 'completed' as const, createdAt: at(1) },
          { title: 'Broken', status: 'failed' as const, createdAt: at(2) },
          { title: 'Busy', status: 'processing' as const, createdAt: at(3) },
          { title: 'Done again', status: 'completed' as const, createdAt: at(4) },
        ].map((v) => ({
          ...v,
          userId: owner.id,
          aiModel: 'rasma-ai' as const,
          options: {},
          creditsUsed: 10,
        })),
      );
  });

  it('lists the last 20 payments, newest first', async () => {
    await db()
      .insert(payments)
      .values(
        Array.from({ length: 21 }, (_, i) => ({
          userId: owner.id,
          provider: 'test' as const,
          providerPaymentId: `pay_${i}`,
          purpose: 'pack' as const,
          credits: 10,
          amountCents: 500 + i,
          status: i === 20 ? ('failed' as const) : ('succeeded' as const),
          description: `Pack ${i}`,
          createdAt: new Date(Date.UTC(2026, 0, 2, 0, i)),
        })),
      );
    const body = userLookupResponseSchema.parse(await (await lookup('owner@example.com')).json());
    expect(body.paymentHistory).toHaveLength(20);
    expect(body.paymentHistory[0]).toEqual({
      id: expect.any(String) as string,
      description: 'Pack 20',
      type: 'pack',
      created: '2026-01-02T00:20:00.000Z',
      amount: 520,
      status: 'failed',
    });
    expect(body.paymentHistory.at(-1)?.description).toBe('Pack 1');
  });

  it('finds a user by a URL-encoded, differently spelled e-mail, with stats and newest videos first', async () => {
    const res = await lookup('  Owner@Example.com ');
    expect(res.status).toBe(200);
    const body = userLookupResponseSchema.parse(await res.json());
    expect(body.user).toMatchObject({
      id: owner.id,
      email: 'owner@example.com',
      firstName: 'Olive',
      lastName: null,
      credits: 12,
      creditsUsedThisCycle: 0,
      subscriptionTier: 'plus',
      subscriptionStatus: 'active',
      stripeCustomerId: 'cus_123',
    });
    expect(body.stats).toEqual({
      totalVideos: 4,
      completedVideos: 2,
      failedVideos: 1,
      processingVideos: 1,
    });
    expect(body.videos.map((v) => v.title)).toEqual(['Done again', 'Busy', 'Broken', 'Done']);
    expect(body.subscriptionInfo).toEqual({
      currentSubscriptions: [],
      paymentMethods: [],
      stripeCustomerId: 'cus_123',
    });
  });

  it('answers 404 "User not found" for an unknown e-mail', async () => {
    const res = await lookup('nobody@example.com');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'User not found' });
  });

  it('counts users and videos for the dashboard and lists failed videos with their owner', async () => {
    const summary: unknown = await (await asAdmin('/api/admin/analytics')).json();
    const everyone = await db().select({ id: users.id }).from(users);
    expect(summary).toEqual({
      totalUsers: everyone.length,
      videoStats: { completed: 2, failed: 1, processing: 1 },
    });
    const failed: unknown = await (await asAdmin('/api/admin/failed-videos')).json();
    expect(failed).toMatchObject([
      {
        title: 'Broken',
        email: 'owner@example.com',
        creditsUsed: 10,
        createdAt: '2026-01-01T12:02:00.000Z',
      },
    ]);
  });

  it("downloads any user's finished video with its title as the file name", async () => {
    const [done] = await db()
      .select()
      .from(videos)
      .where(eq(videos.title, 'Done'))
      .orderBy(asc(videos.createdAt));
    const key = `videos/${done!.id}.mp4`;
    await db().update(videos).set({ videoKey: key }).where(eq(videos.id, done!.id));
    const file = path.join(server.dataDir, 'files', key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'mp4 bytes');

    const res = await asAdmin(`/api/admin/videos/${done!.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="Done.mp4"');
    expect(await res.text()).toBe('mp4 bytes');

    const [busy] = await db().select().from(videos).where(eq(videos.title, 'Busy'));
    expect((await asAdmin(`/api/admin/videos/${busy!.id}/download`)).status).toBe(409);
    expect((await asAdmin(`/api/admin/videos/${UUID}/download`)).status).toBe(404);
  });
});

describe('the user list', () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer();
  });
  afterAll(() => fresh.close());

  const page = async (cookie: string, n: number) =>
    adminUsersPageSchema.parse(
      await (
        await fresh.request(`/api/admin/users?page=${n}&limit=200`, { headers: { cookie } })
      ).json(),
    );
  const addUsers = (count: number, from: number) =>
    fresh.database.db.insert(users).values(
      Array.from({ length: count }, (_, i) => ({
        email: `listed${from + i}@example.com`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + (from + i) * 1000),
      })),
    );

  it('pages 0, 1, 200 and 201 users, 200 a page, newest first', async () => {
    expect(await listUsers(fresh.database.db, 1, 200)).toEqual({
      users: [],
      currentPage: 1,
      totalPages: 1,
      totalUsers: 0,
      hasPrevPage: false,
      hasNextPage: false,
    });

    const { cookie } = await createSignedInUser(fresh.database.db, {
      isAdmin: true,
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    });
    const one = await page(cookie, 1);
    expect(one).toMatchObject({
      totalUsers: 1,
      totalPages: 1,
      hasPrevPage: false,
      hasNextPage: false,
    });
    expect(one.users).toHaveLength(1);

    await addUsers(199, 1);
    const full = await page(cookie, 1);
    expect(full).toMatchObject({ totalUsers: 200, totalPages: 1, hasNextPage: false });
    expect(full.users).toHaveLength(200);
    expect(full.users[0]?.email).toBe('listed199@example.com');

    await addUsers(1, 200);
    const first = await page(cookie, 1);
    expect(first).toMatchObject({
      currentPage: 1,
      totalUsers: 201,
      totalPages: 2,
      hasPrevPage: false,
      hasNextPage: true,
    });
    expect(first.users).toHaveLength(200);
    expect(first.users[0]?.email).toBe('listed200@example.com');
    const second = await page(cookie, 2);
    expect(second).toMatchObject({ currentPage: 2, hasPrevPage: true, hasNextPage: false });
    expect(second.users).toHaveLength(1);
  });

  it('refuses a page size above 200', async () => {
    const { cookie } = await createSignedInUser(fresh.database.db, { isAdmin: true });
    const res = await fresh.request('/api/admin/users?page=1&limit=201', { headers: { cookie } });
    expect(res.status).toBe(400);
  });
});

describe('user lookup with Stripe payments', () => {
  let stripeServer: ReturnType<typeof createServer>;
  let withStripe: TestServer;
  const CUSTOMER = 'cus_admin_view';
  const at = (iso: string) => Date.parse(iso) / 1000;
  const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '/v1/x' });
  // A loopback stand-in for the two Stripe calls the lookup makes (Stripe is out of reach here).
  const answer = (path: string, customer: string | null): unknown => {
    if (path === '/v1/subscriptions' && customer === CUSTOMER) {
      return list([
        {
          id: 'sub_1',
          object: 'subscription',
          status: 'active',
          created: at('2026-01-01T00:00:00Z'),
          canceled_at: null,
          items: list([
            {
              id: 'si_1',
              object: 'subscription_item',
              current_period_start: at('2026-03-01T00:00:00Z'),
              current_period_end: at('2026-04-01T00:00:00Z'),
              price: { id: 'price_1', unit_amount: 2900, recurring: { interval: 'month' } },
            },
          ]),
        },
      ]);
    }
    if (path === `/v1/customers/${CUSTOMER}/payment_methods`) {
      return list([
        {
          id: 'pm_1',
          object: 'payment_method',
          type: 'card',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
        },
      ]);
    }
    return undefined;
  };

  beforeAll(async () => {
    stripeServer = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = answer(url.pathname, url.searchParams.get('customer'));
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: { type: 'invalid_request_error' } }));
    });
    await new Promise<void>((resolve) => stripeServer.listen(0, '127.0.0.1', resolve));
    const { port } = stripeServer.address() as AddressInfo;
    withStripe = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_admin',
      STRIPE_WEBHOOK_SECRET: 'whsec_admin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_admin',
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    await withStripe.close();
    await new Promise((resolve) => stripeServer.close(resolve));
  });

  it("shows the customer's subscriptions and cards from Stripe", async () => {
    const { cookie } = await createSignedInUser(withStripe.database.db, { isAdmin: true });
    await createUser(withStripe.database.db, {
      email: 'subscriber@example.com',
      stripeCustomerId: CUSTOMER,
    });
    const res = await withStripe.request('/api/admin/user/subscriber%40example.com', {
      headers: { cookie },
    });
    expect(userLookupResponseSchema.parse(await res.json()).subscriptionInfo).toEqual({
      currentSubscriptions: [
        {
          id: 'sub_1',
          status: 'active',
          plan: { amount: 2900, interval: 'month' },
          createdAt: '2026-01-01T00:00:00.000Z',
          currentPeriodStart: '2026-03-01T00:00:00.000Z',
          currentPeriodEnd: '2026-04-01T00:00:00.000Z',
          canceledAt: null,
        },
      ],
      paymentMethods: [
        {
          id: 'pm_1',
          type: 'card',
          card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
        },
      ],
      stripeCustomerId: CUSTOMER,
    });
  });

  it('still answers the lookup when Stripe does not know the customer', async () => {
    const { cookie } = await createSignedInUser(withStripe.database.db, { isAdmin: true });
    await createUser(withStripe.database.db, {
      email: 'gone@example.com',
      credits: 9,
      stripeCustomerId: 'cus_unknown',
    });
    const res = await withStripe.request('/api/admin/user/gone%40example.com', {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const body = userLookupResponseSchema.parse(await res.json());
    expect(body.user.credits).toBe(9);
    expect(body.subscriptionInfo.currentSubscriptions).toEqual([]);
  });
});
