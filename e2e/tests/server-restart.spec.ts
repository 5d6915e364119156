/**
 * A web server restarted while a signed-in page follows a video being made: the page, never
 * reloaded, connects its progress stream again to the restarted server and shows the video as it
 * now stands (completed, with its thumbnail). The spec runs a server of its own, the build `npm
 * start` made (the config's webServer built it), so it can stop and start it on the same port and
 * data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { uniqueEmail } from '../support/auth.js';
import { latestCodeFor } from '../support/outbox.js';
import { RENDER_TIMEOUT_MS } from '../support/videos.js';

const HOST = '127.0.0.1';
/** A first start also creates the embedded database: seconds, more on a busy machine. */
const START_TIMEOUT_MS = 45_000;
const builtServer = path.resolve(import.meta.dirname, '../../apps/server/dist/main.js');

/** A loopback port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, HOST, resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

let dataDir: string;
let base: string;
let server: ChildProcess | undefined;

/** The built server as `npm run serve` runs it; resolves once it answers its health check. */
async function startServer(renderWorkers: number): Promise<void> {
  const { port } = new URL(base);
  const child = spawn(process.execPath, [builtServer], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST,
      PORT: port,
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RENDER_WORKERS: String(renderWorkers),
      // This test is about the page, not a render's allowance: room for a loaded machine.
      RENDER_EXPIRY_SECONDS: '600',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = child;
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
        return (await fetch(`${base}/api/health`).catch(() => undefined))?.status;
      },
      { timeout: START_TIMEOUT_MS, intervals: [200] },
    )
    .toBe(200);
}

/** SIGTERM, as a deploy stops it; resolves once it has exited. */
async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS + 15_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-e2e-restart-'));
  base = `http://${HOST}:${await freePort()}`;
  // It renders nothing: a video waits, processing, until the restart.
  await startServer(0);
});
test.afterAll(async () => {
  await stopServer();
  await rm(dataDir, { recursive: true, force: true });
});

test('a page open while its web server restarts shows the video made after it, without a reload', async ({
  page,
}) => {
  test.setTimeout(RENDER_TIMEOUT_MS + 60_000);
  const email = uniqueEmail('restart');
  // Signed in through the API with the page's own cookies (the sign-in dialog has its own tests).
  expect(
    (await page.request.post(`${base}/api/send-verification-code`, { data: { email } })).ok(),
  ).toBe(true);
  const code = await latestCodeFor(email, undefined, [dataDir]);
  expect(
    (await page.request.post(`${base}/api/verify-email-code`, { data: { email, code } })).ok(),
  ).toBe(true);
  const picture = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#ffffff' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><circle cx="160" cy="120" r="80" fill="none" stroke="#000" stroke-width="8"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const created = await page.request.post(`${base}/api/videos/create`, {
    multipart: {
      image: { name: 'restarted.png', mimeType: 'image/png', buffer: picture },
      blobData: JSON.stringify({ drawingTime: 1 }),
    },
  });
  expect(created.status()).toBe(201);

  const streams: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/video-progress/')) streams.push(request.url());
  });
  const streamOpen = page.waitForResponse((res) => res.url().includes('/api/video-progress/'));
  await page.goto(`${base}/`);
  const card = page.getByRole('listitem', { name: 'restarted' });
  await expect(card.getByText('Drawing... 0%')).toBeVisible();
  await streamOpen;
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  // Restarted on the same port and data, now with a render worker: it makes the waiting video.
  await stopServer();
  await startServer(1);

  await expect(card.getByText('Completed', { exact: true })).toBeVisible({
    timeout: RENDER_TIMEOUT_MS,
  });
  await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/thumbnails\/.+\.jpg$/);
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
  // The page's EventSource connected again by itself: the one stream, opened twice or more.
  expect(streams.length).toBeGreaterThanOrEqual(2);
  expect(new Set(streams).size).toBe(1);
});
