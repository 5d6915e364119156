/**
 * A render worker killed (SIGKILL) mid-render, as when its machine dies: a web process and render
 * workers of their own, started by the fleet script from the server's build, on PostgreSQL and a
 * bucket (no folder shared between them). The job is noticed dead at its expiry and the next worker
 * makes the video: no video stuck, no credit lost or doubled, one MP4 and one thumbnail.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFleet, type Fleet } from '../src/cli/fleet.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { SessionStore } from '../src/modules/auth/session-store.js';
import { openStorage } from '../src/storage/open-storage.js';
import { freshPostgresDatabase } from './support/database.js';
import { liveProcesses } from './support/render-fixtures.js';
import { bucketOf, startS3Server, type S3TestServer } from './support/s3.js';
import { expectSettled } from './support/settled.js';
import { createVideo, newAccount, readProgress } from './support/videos.js';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

let s3: S3TestServer;
let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let database: Database;
let storageUrl: string;
const fleets: Fleet[] = [];
/**
 * Web processes and workers on the test's database and bucket. A short render allowance, so the
 * dead worker's job expires soon (a three-second video's job may run 30 + 30 s), with room for the
 * next worker's render on a busy machine.
 */
const start = async (web: number, workers: number) => {
  const fleet = await startFleet({
    web,
    workers,
    databaseUrl: postgres?.url ?? '',
    storageUrl,
    env: { RENDER_EXPIRY_SECONDS: '30' },
  });
  fleets.push(fleet);
  return fleet;
};
beforeAll(async () => {
  postgres = await freshPostgresDatabase();
  if (!postgres) return;
  s3 = await startS3Server();
  storageUrl = s3.newStorageUrl();
  database = await openDatabase({ url: postgres.url, dataDir: '' });
});
afterAll(async () => {
  await Promise.all(fleets.map((fleet) => fleet.stop()));
  await database?.close();
  await s3?.close();
  await postgres?.drop();
});

/** SIGKILL for the process and the render processes it started (each in a group of its own). */
function killWithItsRenders(pid: number | undefined) {
  if (!pid) throw new Error('the process has no pid');
  const renders = liveProcesses().filter((p) => p.ppid === pid);
  process.kill(pid, 'SIGKILL');
  for (const render of renders) process.kill(-render.pgid, 'SIGKILL');
}

// A separate worker process needs PostgreSQL (the embedded database serves one process).
describe.runIf(process.env.TEST_DATABASE_URL)(
  'a render worker killed mid-render (PostgreSQL, a bucket)',
  () => {
    it('leaves no video stuck and no credit lost or doubled: the next worker makes it once', async () => {
      const fleet = await start(1, 1);
      const [web] = fleet.web;
      const [worker] = fleet.workers;
      const { user, cookie } = await newAccount(database, new SessionStore(database.db, new Set()));

      // Progress from the worker process reaches the web process's stream through the database.
      const underWay = readProgress(web!.url, cookie, user.id, (e) => e.progress > 0);
      const video = await createVideo(web!.url, cookie, { drawingTime: 3 });
      await underWay;
      const exited = once(worker!.child, 'exit');
      killWithItsRenders(worker!.child.pid);
      await exited;

      await start(0, 1);
      // Charged once, never refunded, the upload gone; one finished file of each kind in the bucket.
      const ended = await expectSettled(
        database,
        await openStorage({ dataDir: '', storageUrl }),
        user.id,
      );
      expect(ended).toEqual(new Map([[video.id, 'completed']]));
      expect(await s3.keys(bucketOf(storageUrl))).toEqual([
        `thumbnails/${video.id}.jpg`,
        `videos/${video.id}.mp4`,
      ]);
    });
  },
);
