import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, users } from '../src/db/schema.js';
import { findOrCreateUserByEmail } from '../src/modules/auth/users.js';
import { applyCreditChange } from '../src/modules/credits/ledger.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

async function ledgerOf(userId: string) {
  return db().select().from(creditLedger).where(eq(creditLedger.userId, userId));
}
async function balanceAndLedgerSum(userId: string) {
  const [row] = await db()
    .select({
      balance: users.credits,
      sum: sql<string>`(select coalesce(sum(delta), 0) from credit_ledger where user_id = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { balance: row?.balance, sum: Number(row?.sum) };
}

describe('the sign-up grant', () => {
  it('gives a new account its first week of 40 credits, once', async () => {
    const email = `new-${Date.now()}@example.test`;
    const user = await findOrCreateUserByEmail(db(), email);
    await findOrCreateUserByEmail(db(), email.toUpperCase());
    const { token } = await server.app.sessions.create(user.id);
    const res = await server.request('/api/credits', {
      headers: { cookie: `rasma_session=${token}` },
    });
    expect(await res.json()).toEqual({ credits: 40 });
    const rows = await ledgerOf(user.id);
    expect(rows.map((r) => [r.kind, r.delta])).toEqual([['signup_grant', 40]]);
  });

  it('answers /api/credits from the database, not from the session', async () => {
    const { user, cookie } = await createSignedInUser(db(), { credits: 7 });
    const ask = async () =>
      (
        (await (await server.request('/api/credits', { headers: { cookie } })).json()) as {
          credits: number;
        }
      ).credits;
    expect(await ask()).toBe(7);
    await db().transaction((tx) =>
      applyCreditChange(tx, {
        userId: user.id,
        delta: 5,
        kind: 'video_refund',
        reason: 'test refund',
        idempotencyKey: `test:${user.id}`,
      }),
    );
    expect(await ask()).toBe(12);
  });
});

describe('a credit change', () => {
  const debit = (userId: string, key: string) =>
    db().transaction((tx) =>
      applyCreditChange(tx, {
        userId,
        delta: -10,
        kind: 'video_debit',
        reason: 'test debit',
        idempotencyKey: key,
      }),
    );

  it('happens once per idempotency key', async () => {
    const { user } = await createSignedInUser(db(), { credits: 30 });
    expect(await debit(user.id, `once:${user.id}`)).toBe(true);
    expect(await debit(user.id, `once:${user.id}`)).toBe(false);
    expect((await balanceAndLedgerSum(user.id)).balance).toBe(20);
  });

  it('never takes a balance below zero, also under 20 concurrent debits', async () => {
    const email = `race-${Date.now()}@example.test`;
    const user = await findOrCreateUserByEmail(db(), email);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => debit(user.id, `race:${user.id}:${i}`)),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(4);
    for (const r of refused) {
      expect(r.reason).toMatchObject({
        status: 402,
        message: 'Insufficient credits',
      });
    }
    expect(await balanceAndLedgerSum(user.id)).toEqual({ balance: 0, sum: 0 });
    expect(await ledgerOf(user.id)).toHaveLength(5);
  });
});
