import { and, eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { creditLedger, users } from '../src/db/schema.js';
import { grantDueWeeklyCredits } from '../src/modules/credits/grants.js';
import { grantSignupCredits } from '../src/modules/credits/ledger.js';
import { renewDuePlans } from '../src/modules/billing/subscriptions.js';
import { createTestPaymentProvider } from '../src/modules/billing/test-provider.js';
import { freshPostgresDatabase } from './support/database.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
});
afterAll(() => server.close());

const db = () => server.database.db;

async function get<T>(cookie: string, pathname: string): Promise<T> {
  const res = await server.request(pathname, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const balance = async (cookie: string) =>
  (await get<{ credits: number }>(cookie, '/api/credits')).credits;

/** A free user signed up `days` ago with the sign-up grant, as sign-up leaves them. */
async function freeUser(days: number) {
  const signedIn = await createSignedInUser(db(), { createdAt: daysAgo(days) });
  await grantSignupCredits(db(), signedIn.user.id);
  return signedIn;
}

const weeklyGrants = (userId: string) =>
  db()
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'weekly_grant')));

describe('user details', () => {
  it('shows a new free user their tier, no pending change, active status and the week they are in', async () => {
    const { cookie } = await freeUser(2);
    const details = await get<Record<string, unknown>>(cookie, '/api/user/details');
    expect(details).toMatchObject({
      subscriptionTier: 'free',
      pendingSubscriptionTier: null,
      subscriptionStatus: 'active',
      subscriptionEndsAt: null,
      creditsUsedThisCycle: 0,
    });
    const weekEnd = new Date(details.subscriptionEndDate as string).getTime();
    expect(weekEnd - new Date(details.cycleStartDate as string).getTime()).toBe(7 * DAY_MS);
    expect(weekEnd).toBeGreaterThan(Date.now() + 4 * DAY_MS);
  });

  it('counts the credits spent on videos this cycle, less refunds, from the ledger', async () => {
    const { user, cookie } = await freeUser(1);
    await db()
      .insert(creditLedger)
      .values([
        {
          userId: user.id,
          delta: -15,
          kind: 'video_debit',
          reason: 'a',
          idempotencyKey: `a${user.id}`,
        },
        {
          userId: user.id,
          delta: -10,
          kind: 'video_debit',
          reason: 'b',
          idempotencyKey: `b${user.id}`,
        },
        {
          userId: user.id,
          delta: 10,
          kind: 'video_refund',
          reason: 'b',
          idempotencyKey: `c${user.id}`,
        },
      ]);
    expect(await get(cookie, '/api/user/details')).toMatchObject({ creditsUsedThisCycle: 15 });
  });

  it('needs a signed-in user', async () => {
    expect((await server.request('/api/user/details')).status).toBe(401);
  });
});

describe('the weekly free grant', () => {
  it('adds 20 credits once a week has passed, and running the job twice grants once', async () => {
    const { user, cookie } = await freeUser(8);
    expect(await balance(cookie)).toBe(40);
    await grantDueWeeklyCredits(db());
    await grantDueWeeklyCredits(db());
    expect(await balance(cookie)).toBe(60);
    expect(await weeklyGrants(user.id)).toHaveLength(1);
  });

  it('grants once when two runs go at the same time', async () => {
    const { user, cookie } = await freeUser(15);
    await Promise.all([grantDueWeeklyCredits(db()), grantDueWeeklyCredits(db())]);
    expect(await balance(cookie)).toBe(60);
    expect(await weeklyGrants(user.id)).toHaveLength(1);
  });

  it('gives nothing in the first week (the sign-up grant covers it) and nothing to paid plans', async () => {
    const fresh = await freeUser(6);
    const paid = await createSignedInUser(db(), {
      createdAt: daysAgo(20),
      subscriptionTier: 'basic',
    });
    await grantDueWeeklyCredits(db());
    expect(await balance(fresh.cookie)).toBe(40);
    expect(await balance(paid.cookie)).toBe(0);
  });

  it('grants each new week once more', async () => {
    const { user, cookie } = await freeUser(8);
    await grantDueWeeklyCredits(db());
    await grantDueWeeklyCredits(db(), new Date(Date.now() + 7 * DAY_MS));
    await grantDueWeeklyCredits(db(), new Date(Date.now() + 7 * DAY_MS));
    expect(await balance(cookie)).toBe(80);
    expect(await weeklyGrants(user.id)).toHaveLength(2);
  });
});

describe('paid plan renewals in test mode', () => {
  it('renews an ended month once with its credits, and a pending free tier ends the plan', async () => {
    const provider = createTestPaymentProvider('k'.repeat(32));
    const periodEnd = daysAgo(1);
    const renewing = await createSignedInUser(db(), {
      subscriptionTier: 'plus',
      cycleStartDate: daysAgo(31),
      subscriptionEndsAt: periodEnd,
    });
    const cancelling = await createSignedInUser(db(), {
      subscriptionTier: 'basic',
      pendingSubscriptionTier: 'free',
      cycleStartDate: daysAgo(31),
      subscriptionEndsAt: periodEnd,
    });
    await Promise.all([renewDuePlans(db(), provider), renewDuePlans(db(), provider)]);
    expect(await balance(renewing.cookie)).toBe(1200);
    const details = await get<Record<string, unknown>>(renewing.cookie, '/api/user/details');
    expect(details).toMatchObject({
      subscriptionTier: 'plus',
      cycleStartDate: periodEnd.toISOString(),
    });
    expect(await get(cancelling.cookie, '/api/user/details')).toMatchObject({
      subscriptionTier: 'free',
      pendingSubscriptionTier: null,
    });
    expect(await balance(cancelling.cookie)).toBe(0);
  });
});

describe('the credit history', () => {
  it('lists the changes newest first with the balance after each, 20 a page', async () => {
    const { cookie } = await freeUser(8);
    await grantDueWeeklyCredits(db());
    const first = await get<{ entries: Record<string, unknown>[]; pagination: object }>(
      cookie,
      '/api/credits/history',
    );
    expect(
      first.entries.map(({ kind, delta, balanceAfter }) => ({ kind, delta, balanceAfter })),
    ).toEqual([
      { kind: 'weekly_grant', delta: 20, balanceAfter: 60 },
      { kind: 'signup_grant', delta: 40, balanceAfter: 40 },
    ]);
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      hasPrev: false,
      hasNext: false,
    });
  });

  it("shows only the user's own changes", async () => {
    const mine = await freeUser(1);
    await freeUser(1);
    const history = await get<{ entries: unknown[] }>(mine.cookie, '/api/credits/history?page=1');
    expect(history.entries).toHaveLength(1);
  });
});

describe('a week that began while no server ran', () => {
  it('is granted when the server starts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-grants-'));
    const postgres = await freshPostgresDatabase();
    try {
      const database = await openDatabase({ url: postgres?.url, dataDir });
      const [user] = await database.db
        .insert(users)
        .values({ email: `away-${Date.now()}@example.com`, createdAt: daysAgo(9) })
        .returning();
      await grantSignupCredits(database.db, user!.id);
      await database.close();

      const restarted = await startTestServer({
        RENDER_WORKERS: '0',
        DATA_DIR: dataDir,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      });
      try {
        const credits = async () => {
          const [row] = await restarted.database.db
            .select({ credits: users.credits })
            .from(users)
            .where(eq(users.id, user!.id));
          return row?.credits;
        };
        await expect.poll(credits, { timeout: 20_000 }).toBe(60);
      } finally {
        await restarted.close();
      }
    } finally {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
