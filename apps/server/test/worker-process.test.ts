/**
 * A render worker killed (SIGKILL) mid-render, as when its machine dies: a web process and render
 * workers of their own, started by the fleet script from the server's build, on PostgreSQL and a
 * bucket (no folder shared between them). The job is noticed dead at its expiry and the next worker
 * makes the video: no video stuck, no credit lost or doubled, one MP4 and one thumbnail.
 */
import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { useFleetTest } from './support/fleet-test.js';
import { liveProcesses } from './support/render-fixtures.js';
import { expectSettled } from './support/settled.js';
import { createVideo, newAccount, readProgress } from './support/videos.js';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

/**
 * A short render allowance, so the dead worker's job expires soon (a three-second video's job may
 * run 30 + 30 s), with room for the next worker's render on a busy machine.
 */
const fleetTest = useFleetTest({ RENDER_EXPIRY_SECONDS: '30' });

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
      const { database, sessions } = fleetTest;
      const fleet = await fleetTest.start(1, 1);
      const [web] = fleet.web;
      const [worker] = fleet.workers;
      const { user, cookie } = await newAccount(database, sessions);

      // Progress from the worker process reaches the web process's stream through the database.
      const underWay = readProgress(web!.url, cookie, user.id, (e) => e.progress > 0);
      const video = await createVideo(web!.url, cookie, { drawingTime: 3 });
      await underWay;
      const exited = once(worker!.child, 'exit');
      killWithItsRenders(worker!.child.pid);
      await exited;

      await fleetTest.start(0, 1);
      // Charged once, never refunded, the upload gone; one finished file of each kind in the bucket.
      const ended = await expectSettled(database, await fleetTest.storage(), user.id);
      expect(ended).toEqual(new Map([[video.id, 'completed']]));
      expect(await fleetTest.bucketKeys()).toEqual([
        `thumbnails/${video.id}.jpg`,
        `videos/${video.id}.mp4`,
      ]);
    });
  },
);
