/**
 * What an administrator sees of a user agrees with what the user sees: the credits used this
 * cycle, each payment as it ended, and the plan with its period and any scheduled change (here with
 * the built-in test payments).
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminUsersPageSchema,
  MODEL_CREDIT_COST,
  PLANS,
  userDetailsResponseSchema,
  userLookupResponseSchema,
} from '@rasma/contract';
import { resolveFfmpeg } from '@rasma/engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from './support/factories.js';
import { signedInCalls } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { createVideo, newAccount, waitUntilFinished } from './support/videos.js';

vi.setConfig({ testTimeout: 180_000 });

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const VIDEO_COST = MODEL_CREDIT_COST['rasma-ai'];

let server: TestServer;
let work: string;
/** While this file exists, every render's encoder fails (its first try and its retry). */
let failRenders: string;
let adminCookie: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rasma-admin-figures-'));
  failRenders = path.join(work, 'fail');
  const realFfmpeg = (await resolveFfmpeg()).path;
  const ffmpeg = path.join(work, 'ffmpeg');
  await writeFile(
    ffmpeg,
    [
      '#!/bin/sh',
      `case "$*" in *-version*) exec "${realFfmpeg}" "$@";; esac`,
      `if [ -e "${failRenders}" ]; then exit 1; fi`,
      `exec "${realFfmpeg}" "$@"`,
    ].join('\n'),
  );
  await chmod(ffmpeg, 0o755);
  server = await startTestServer({ FFMPEG_PATH: ffmpeg });
  adminCookie = (await createSignedInUser(server.database.db, { isAdmin: true })).cookie;
});
afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

const { call, details } = signedInCalls(() => server);
const lookup = async (email: string) =>
  userLookupResponseSchema.parse(
    (await call(adminCookie, 'GET', `/api/admin/user/${encodeURIComponent(email)}`)).body,
  );
const listed = async (userId: string) => {
  const page = adminUsersPageSchema.parse(
    (await call(adminCookie, 'GET', '/api/admin/users?page=1')).body,
  );
  return page.users.find((user) => user.id === userId);
};
const confirm = (cookie: string, clientSecret: unknown, cardNumber: string) =>
  call(cookie, 'POST', '/api/payments/test/confirm', { clientSecret, cardNumber });

describe("the admin's credits used this cycle", () => {
  it("is the user's own figure after videos, a failed render, refunds and a new plan period", async () => {
    const { user, cookie } = await newAccount(server.database, server.app.sessions);
    /** The figure on the user's own page, the admin's lookup and the admin's user list. */
    const figures = async () => {
      const own = userDetailsResponseSchema.parse(await details(cookie)).creditsUsedThisCycle;
      const found = await lookup(user.email);
      return [
        own,
        found.user.creditsUsedThisCycle,
        found.plan.creditsUsedThisCycle,
        (await listed(user.id))?.creditsUsedThisCycle,
      ];
    };
    const everywhere = (credits: number) => [credits, credits, credits, credits];

    // A render that fails is refunded: it used nothing.
    await writeFile(failRenders, '');
    const failed = await createVideo(server.url, cookie);
    expect((await waitUntilFinished(server.database, failed.id)).status).toBe('failed');
    await rm(failRenders);
    expect(await figures()).toEqual(everywhere(0));

    // A video is paid for when it is made (rendered or still waiting: the same).
    await createVideo(server.url, cookie);
    expect(await figures()).toEqual(everywhere(VIDEO_COST));

    // An administrator's refund adds credits; what the videos used stays.
    const refund = await call(adminCookie, 'POST', `/api/admin/refund/${user.id}`, {
      credits: 5,
      reason: 'Manual refund - 5 credits',
    });
    expect(refund.status).toBe(200);
    expect(await figures()).toEqual(everywhere(VIDEO_COST));

    // A paid plan starts a new period: only the videos since count.
    const basic = await call(cookie, 'POST', '/api/subscribe', { tier: 'basic' });
    expect((await confirm(cookie, basic.body.clientSecret, SUCCEEDS)).status).toBe(200);
    expect(await figures()).toEqual(everywhere(0));
    await createVideo(server.url, cookie);
    expect(await figures()).toEqual(everywhere(VIDEO_COST));
  });
});

describe('payments and the plan, as the admin sees them', () => {
  it('shows a declined card payment as failed, a pack and a plan alike', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const plus = await call(cookie, 'POST', '/api/subscribe', { tier: 'plus' });
    expect((await confirm(cookie, plus.body.clientSecret, DECLINED)).status).toBe(402);
    expect((await lookup(user.email)).paymentHistory).toMatchObject([
      { description: 'Plus plan', amount: PLANS.plus.priceCents, status: 'failed' },
    ]);

    const basic = await call(cookie, 'POST', '/api/subscribe', { tier: 'basic' });
    expect((await confirm(cookie, basic.body.clientSecret, SUCCEEDS)).status).toBe(200);
    const pack = await call(cookie, 'POST', '/api/purchase-credits', { credits: 10 });
    expect((await confirm(cookie, pack.body.clientSecret, DECLINED)).status).toBe(402);
    const { paymentHistory } = await lookup(user.email);
    expect(paymentHistory.map(({ description, status }) => ({ description, status }))).toEqual([
      { description: '10 credits', status: 'failed' },
      { description: 'Basic plan', status: 'succeeded' },
      // A newer plan choice voided it: declined, it was still open to another card.
      { description: 'Plus plan', status: 'canceled' },
    ]);
  });

  it('a declined plan payment that a newer choice replaced can no longer be paid', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const plus = await call(cookie, 'POST', '/api/subscribe', { tier: 'plus' });
    expect((await confirm(cookie, plus.body.clientSecret, DECLINED)).status).toBe(402);
    const basic = await call(cookie, 'POST', '/api/subscribe', { tier: 'basic' });
    expect((await confirm(cookie, basic.body.clientSecret, SUCCEEDS)).status).toBe(200);

    expect((await confirm(cookie, plus.body.clientSecret, SUCCEEDS)).status).toBe(409);
    expect(await details(cookie)).toMatchObject({ subscriptionTier: 'basic' });
  });

  it("shows an active Basic plan with its period, and a scheduled downgrade, as the user's page has them", async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const basic = await call(cookie, 'POST', '/api/subscribe', { tier: 'basic' });
    expect((await confirm(cookie, basic.body.clientSecret, SUCCEEDS)).status).toBe(200);

    const own = userDetailsResponseSchema.parse(await details(cookie));
    expect(own).toMatchObject({ subscriptionTier: 'basic', pendingSubscriptionTier: null });
    const active = await lookup(user.email);
    expect(active.plan).toEqual(own);
    expect(active.subscriptionInfo.currentSubscriptions).toEqual([
      {
        id: expect.any(String) as string,
        status: 'active',
        plan: { amount: PLANS.basic.priceCents, interval: 'month' },
        createdAt: own.cycleStartDate,
        currentPeriodStart: own.cycleStartDate,
        currentPeriodEnd: own.subscriptionEndDate,
        canceledAt: null,
      },
    ]);

    const cancel = await call(cookie, 'POST', '/api/subscription/schedule-change', {
      tier: 'free',
    });
    expect(cancel.status).toBe(200);
    const scheduled = userDetailsResponseSchema.parse(await details(cookie));
    expect(scheduled).toMatchObject({
      subscriptionTier: 'basic',
      pendingSubscriptionTier: 'free',
      subscriptionEndsAt: own.subscriptionEndDate,
    });
    const found = await lookup(user.email);
    expect(found.plan).toEqual(scheduled);
    expect(found.subscriptionInfo.currentSubscriptions).toEqual(
      active.subscriptionInfo.currentSubscriptions,
    );
  });
});
