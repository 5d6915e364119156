/**
 * The render's temporary disk full: renders work in a tmpfs too small for a video (mounted by the
 * test, which CI runs as root), so the encoder meets ENOSPC. The video fails with one refund and
 * nothing is left behind, on that disk or in storage.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDER_TEMP_PREFIX } from '../src/render/runner.js';
import { openStorage } from '../src/storage/open-storage.js';
import { expectSettled } from './support/settled.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { createVideo, newAccount, renderJobs, waitUntilFinished } from './support/videos.js';

vi.setConfig({ testTimeout: 120_000 });

/** Two pages: room for the upload and the render's start, not for all it writes. */
const DISK_SIZE = '8k';

let server: TestServer;
let disk: string;
beforeAll(async () => {
  server = await startTestServer();
  disk = await mkdtemp(path.join(tmpdir(), 'rasma-full-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_SIZE},mode=0700`, 'tmpfs', disk]);
  vi.stubEnv('TMPDIR', disk);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  if (disk) {
    execFileSync('umount', [disk]);
    await rm(disk, { recursive: true, force: true });
  }
});

describe("the render's temporary disk full", () => {
  it('fails the video after its retry with one refund, and leaves nothing behind', async () => {
    const { user, cookie } = await newAccount(server.database, server.app.sessions);
    const video = await createVideo(server.url, cookie);

    expect((await waitUntilFinished(server.database, video.id)).status).toBe('failed');
    expect(await renderJobs(server.database, video.id)).toEqual([
      { state: 'failed', retry_count: 1 },
    ]);
    // Failed for the reason this test caused.
    const { rows } = await server.database.executeSql(
      `select output from pgboss.job where name = 'render-video' and data->>'videoId' = $1`,
      [video.id],
    );
    expect(JSON.stringify(rows)).toMatch(/No space left on device/);
    expect(await expectSettled(server.database, await openStorage(server.config), user.id)).toEqual(
      new Map([[video.id, 'failed']]),
    );
    // The render's folders are gone from the full disk (tsx, which runs the render process from
    // source in tests, may keep its cache there), and no result was stored.
    const left = await readdir(disk);
    expect(left.filter((name) => name.startsWith(RENDER_TEMP_PREFIX))).toEqual([]);
    const storage = await openStorage(server.config);
    const later = new Date(Date.now() + 60_000);
    expect(await storage.keysOlderThan('videos', later)).toEqual([]);
    expect(await storage.keysOlderThan('thumbnails', later)).toEqual([]);
  });
});
