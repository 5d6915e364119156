/**
 * One person's videos cannot hold up anybody else's: the heaviest payload a create may carry renders
 * in an ordinary render's time, a render past its allowance is killed, renders are shared fairly,
 * and the videos one person may have waiting are capped.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  MAX_WAITING_VIDEOS_PER_USER,
  MODEL_CREDIT_COST,
  ZONE_LIMITS,
  type StrokeMask,
} from '@rasma/contract';
import { resolveFfmpeg } from '@rasma/engine';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { videos } from '../src/db/schema.js';
import { applyCreditChange } from '../src/modules/credits/ledger.js';
import { renderProcesses } from './support/render-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import {
  books,
  createVideo,
  newAccount,
  postVideo,
  renderJobs,
  waitUntilFinished,
} from './support/videos.js';

vi.setConfig({ testTimeout: 180_000 });

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});
async function server(env: Record<string, string>) {
  const started = await startTestServer(env);
  servers.push(started);
  return started;
}

/** `count` points scattered over a 1000 x 1000 square (whole numbers keep the payload small). */
function scatteredPoints(count: number, seed: number) {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) % 1000;
  return Array.from({ length: count }, () => ({ x: next(), y: next() }));
}

/** Credits for more videos than the sign-up grant pays for (in the ledger, as an admin refund). */
const grantCredits = (database: TestServer['database'], userId: string, delta: number) =>
  database.db.transaction((tx) =>
    applyCreditChange(tx, {
      userId,
      delta,
      kind: 'admin_refund',
      reason: 'test',
      idempotencyKey: `test:${userId}`,
    }),
  );

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('renders one person cannot turn against the others', () => {
  it('renders the heaviest zones a create may carry within an ordinary allowance, and the next person’s video after it', async () => {
    // 30 s for a one-second video: an ordinary one takes a few.
    const app = await server({ RENDER_EXPIRY_SECONDS: '20' });
    const attacker = await newAccount(app.database, app.app.sessions);
    const victim = await newAccount(app.database, app.app.sessions);
    // Four zones of 100,000 points with the widest brush: about 7 MB, within the limits.
    const strokeMasks: StrokeMask[] = [1, 2, 3, 4].map((seed) => ({
      id: `zone-${seed}`,
      points: scatteredPoints(ZONE_LIMITS.maxPointsPerZone, seed),
      brushSize: ZONE_LIMITS.maxBrushSize,
      direction: 'Left to right',
      fillLevel: 50,
    }));
    const heavy = await createVideo(app.url, attacker.cookie, { strokeMasks });
    const behind = await createVideo(app.url, victim.cookie);

    expect((await waitUntilFinished(app.database, heavy.id)).status).toBe('completed');
    expect((await waitUntilFinished(app.database, behind.id)).status).toBe('completed');
  });

  it('kills a render that outlives its allowance, fails and refunds its video at once, and renders the next', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'rasma-hung-ffmpeg-'));
    try {
      // An encoder that hangs on its first video (it never reads its frames), then works.
      const realFfmpeg = (await resolveFfmpeg()).path;
      const pidFile = path.join(work, 'hung.pid');
      const ffmpeg = path.join(work, 'ffmpeg');
      await writeFile(
        ffmpeg,
        [
          '#!/bin/sh',
          `case "$*" in *-version*) exec "${realFfmpeg}" "$@";; esac`,
          `if mkdir "${work}/hung" 2>/dev/null; then echo $$ > "${pidFile}"; exec sleep 600; fi`,
          `exec "${realFfmpeg}" "$@"`,
        ].join('\n'),
      );
      await chmod(ffmpeg, 0o755);
      // A one-second video may run for 1 + 10 s (the queue's expiry).
      const app = await server({ RENDER_EXPIRY_SECONDS: '1', FFMPEG_PATH: ffmpeg });
      const { user, cookie } = await newAccount(app.database, app.app.sessions);

      const started = Date.now();
      const hung = await createVideo(app.url, cookie);
      const next = await createVideo(app.url, cookie, { drawingTime: 3 });
      const failed = await waitUntilFinished(app.database, hung.id);
      expect(failed.status).toBe('failed');
      // Stopped by its worker, before the queue's expiry would have let a retry wait behind it.
      expect(Date.now() - started).toBeLessThan(11_000);
      const hungPid = Number(await readFile(pidFile, 'utf8'));
      await vi.waitFor(() => expect(isAlive(hungPid)).toBe(false), { timeout: 2000 });

      expect((await waitUntilFinished(app.database, next.id)).status).toBe('completed');
      expect(await books(app.database, user.id)).toEqual({
        kinds: ['signup_grant', 'video_debit', 'video_debit', 'video_refund'],
        balance: 30,
        sum: 30,
      });
      // Its job ended with the video failed, never tried again, and nothing is left running.
      expect(await renderJobs(app.database, hung.id)).toEqual([
        { state: 'completed', retry_count: 0 },
      ]);
      await vi.waitFor(() => expect(renderProcesses()).toEqual([]), { timeout: 5000 });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it(`starts another person’s video, created behind one person’s ${MAX_WAITING_VIDEOS_PER_USER}, before that person’s third`, async () => {
    // One render at a time: videos start in the order they finish. The two people are in two places
    // (X-Forwarded-For): free accounts from one network share its place in the queue.
    const app = await startTestServer({ RENDER_WORKERS: '1', TRUST_PROXY: '1' });
    try {
      const busy = await newAccount(app.database, app.app.sessions);
      await grantCredits(app.database, busy.user.id, 1000);
      const other = await newAccount(app.database, app.app.sessions);
      const queued = [];
      for (let i = 0; i < MAX_WAITING_VIDEOS_PER_USER; i++) {
        queued.push(
          await createVideo(app.url, busy.cookie, {}, { 'x-forwarded-for': '192.0.2.1' }),
        );
      }
      const first = await createVideo(
        app.url,
        other.cookie,
        {},
        { 'x-forwarded-for': '198.51.100.1' },
      );

      const done = await waitUntilFinished(app.database, first.id);
      expect(done.status).toBe('completed');
      const before = await app.database.db
        .select({ id: videos.id })
        .from(videos)
        .where(and(eq(videos.userId, busy.user.id), eq(videos.status, 'completed')));
      // The busy person's first may have been under way, and their second taken while the other's
      // video was uploading; never their third.
      expect(before.length).toBeLessThanOrEqual(2);
    } finally {
      await app.close();
    }
  });

  it(`refuses a person’s video beyond ${MAX_WAITING_VIDEOS_PER_USER} waiting with a 429 that says why, and charges nothing for it`, async () => {
    // No render workers: every video stays waiting.
    const app = await server({ RENDER_WORKERS: '0' });
    const { user, cookie } = await newAccount(app.database, app.app.sessions);
    await grantCredits(app.database, user.id, 1000);
    for (let i = 0; i < MAX_WAITING_VIDEOS_PER_USER; i++) await createVideo(app.url, cookie);
    const before = await books(app.database, user.id);

    const refused = await postVideo(app.url, cookie, { drawingTime: 1 });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message: `You already have ${MAX_WAITING_VIDEOS_PER_USER} videos waiting to be made. Create the next one when one of them is done.`,
    });
    expect(await books(app.database, user.id)).toEqual(before);
    expect(before.balance).toBe(1040 - MAX_WAITING_VIDEOS_PER_USER * MODEL_CREDIT_COST['rasma-ai']);
    // Somebody else is not held back by it.
    const other = await newAccount(app.database, app.app.sessions);
    await createVideo(app.url, other.cookie);
  });
});
