import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, videos } from '../src/db/schema.js';
import { SESSION_COOKIE } from '../src/modules/auth/plugin.js';
import { findOrCreateUserByEmail } from '../src/modules/auth/users.js';
import { applyCreditChange, type CreditChange } from '../src/modules/credits/ledger.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
});
afterAll(() => server.close());

const db = () => server.database.db;

/** The balance as the account's pages show it. */
async function balanceShown(cookie: string): Promise<number> {
  const res = await server.request('/api/credits', { headers: { cookie } });
  return ((await res.json()) as { credits: number }).credits;
}

async function ledgerOf(userId: string) {
  const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, userId));
  return rows.map(({ delta, kind, reason, videoId }) => ({ delta, kind, reason, videoId }));
}

const change = (over: Partial<CreditChange> & Pick<CreditChange, 'userId'>) =>
  db().transaction((tx) =>
    applyCreditChange(tx, {
      delta: -10,
      kind: 'video_debit',
      reason: 'Video: test',
      idempotencyKey: `test:${over.userId}:${Math.random()}`,
      ...over,
    }),
  );

describe('the credits ledger', () => {
  it('records a debit with its video, kind, reason and signed amount, and the balance follows', async () => {
    const { user, cookie } = await createSignedInUser(db(), { credits: 30 });
    const [video] = await db()
      .insert(videos)
      .values({ userId: user.id, title: 'Cat', aiModel: 'rasma-ai', options: {}, creditsUsed: 10 })
      .returning();
    expect(await change({ userId: user.id, videoId: video!.id, reason: 'Video: Cat' })).toBe(true);
    expect(await ledgerOf(user.id)).toEqual([
      { delta: -10, kind: 'video_debit', reason: 'Video: Cat', videoId: video!.id },
    ]);
    expect(await balanceShown(cookie)).toBe(20);
  });

  it('takes a debit of exactly the balance, down to 0', async () => {
    const { user, cookie } = await createSignedInUser(db(), { credits: 10 });
    expect(await change({ userId: user.id })).toBe(true);
    expect(await balanceShown(cookie)).toBe(0);
  });

  it('refuses a debit the balance cannot cover with 402 INSUFFICIENT_CREDITS, writing nothing', async () => {
    const { user, cookie } = await createSignedInUser(db(), { credits: 9 });
    const key = `short:${user.id}`;
    await expect(change({ userId: user.id, idempotencyKey: key })).rejects.toMatchObject({
      status: 402,
      message: 'Insufficient credits',
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(await ledgerOf(user.id)).toEqual([]);
    expect(await balanceShown(cookie)).toBe(9);
    // The refused change left its key unused: once the balance covers it, the same change goes in.
    await change({ userId: user.id, delta: 1, kind: 'admin_refund', reason: 'Goodwill' });
    expect(await change({ userId: user.id, idempotencyKey: key })).toBe(true);
    expect(await balanceShown(cookie)).toBe(0);
  });

  it('gives each new account its own sign-up grant, with the reason the history shows', async () => {
    const stamp = Date.now();
    for (const email of [`first-${stamp}@example.test`, `second-${stamp}@example.test`]) {
      const user = await findOrCreateUserByEmail(db(), email);
      expect(await ledgerOf(user.id)).toEqual([
        {
          delta: 40,
          kind: 'signup_grant',
          reason: 'Welcome: first week of the free plan',
          videoId: null,
        },
      ]);
      const { token } = await server.app.sessions.create(user.id);
      expect(await balanceShown(`${SESSION_COOKIE}=${token}`)).toBe(40);
    }
  });
});

describe('the credit history of a video', () => {
  it("names the video's title and model while the video is kept, and nothing once it is deleted", async () => {
    const { user, cookie } = await createSignedInUser(db(), { credits: 30 });
    const [video] = await db()
      .insert(videos)
      .values({
        userId: user.id,
        title: 'Harbour at dusk',
        aiModel: 'rasma-ai-color',
        options: {},
        creditsUsed: 15,
      })
      .returning();
    await change({ userId: user.id, videoId: video!.id, delta: -15 });
    const history = async () => {
      const res = await server.request('/api/credits/history', { headers: { cookie } });
      return ((await res.json()) as { entries: { delta: number; video: unknown }[] }).entries;
    };
    expect(await history()).toEqual([
      expect.objectContaining({
        delta: -15,
        video: { title: 'Harbour at dusk', aiModel: 'rasma-ai-color' },
      }),
    ]);
    await db().delete(videos).where(eq(videos.id, video!.id));
    expect(await history()).toEqual([expect.objectContaining({ delta: -15, video: null })]);
  });
});
