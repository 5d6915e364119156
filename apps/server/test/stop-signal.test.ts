/**
 * SIGTERM to a web process and to a render worker, as an operator's deploy sends it (processes of
 * their own, started by the fleet script, on PostgreSQL and a bucket): a request in flight is
 * answered, an open progress stream is ended (the browser connects again), a render in progress
 * goes back to the queue and is finished by the next worker, and each process exits within 30 s.
 */
import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { useFleetTest } from './support/fleet-test.js';
import { expectSettled } from './support/settled.js';
import { boxImage, newAccount, readProgress, renderJobs, slowCreate } from './support/videos.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/** What a process manager allows a process to stop in before it kills it. */
const STOP_WITHIN_MS = 30_000;

const fleetTest = useFleetTest();

/** SIGTERM, then how long the process took to exit and its exit code. */
async function terminate(child: ChildProcess): Promise<{ ms: number; code: number | null }> {
  const started = Date.now();
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill('SIGTERM');
  const [code] = await exited;
  return { ms: Date.now() - started, code };
}

describe.runIf(process.env.TEST_DATABASE_URL)('SIGTERM (PostgreSQL, a bucket)', () => {
  it('a render worker hands its render back to the queue and exits; the next worker finishes it', async () => {
    const fleet = await fleetTest.start(1, 1);
    const [web] = fleet.web;
    const [worker] = fleet.workers;
    const { user, cookie } = await newAccount(fleetTest.database, fleetTest.sessions);
    const underWay = readProgress(web!.url, cookie, user.id, (e) => e.progress > 0);
    const { answer, finish } = slowCreate(web!.url, cookie, await boxImage());
    finish();
    expect((await answer).status).toBe(201);
    await underWay;

    const stopped = await terminate(worker!.child);
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(STOP_WITHIN_MS);
    // Back in the queue, not failed: no refund, the video still being made.
    const [job] = await renderJobs(fleetTest.database, (await videoIds(user.id))[0] ?? '');
    expect(job).toMatchObject({ state: 'retry' });

    await fleetTest.start(0, 1);
    const ended = await expectSettled(fleetTest.database, await fleetTest.storage(), user.id);
    expect([...ended.values()]).toEqual(['completed']);
  });

  it('a web process answers the request in flight, ends its streams and exits', async () => {
    const fleet = await fleetTest.start(1, 0);
    const [web] = fleet.web;
    const { user, cookie } = await newAccount(fleetTest.database, fleetTest.sessions);
    const stream = readProgress(web!.url, cookie, user.id, () => false);
    const { answer, finish } = slowCreate(web!.url, cookie, await boxImage());
    // The upload has begun arriving when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const stopping = terminate(web!.child);
    await new Promise((resolve) => setTimeout(resolve, 500));
    finish();
    expect((await answer).status).toBe(201);
    await stream; // ended by the server, so the browser connects again
    const stopped = await stopping;
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(STOP_WITHIN_MS);
    expect(await videoIds(user.id)).toHaveLength(1);
  });
});

async function videoIds(userId: string): Promise<string[]> {
  const { rows } = await fleetTest.database.executeSql('select id from videos where user_id = $1', [
    userId,
  ]);
  return (rows as { id: string }[]).map((row) => row.id);
}
