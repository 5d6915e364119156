/**
 * The job registry as the queue holds it: what each schedule will send at its slots must be a job
 * its handler takes (a payload that does not parse is dropped, so the periodic work would never run);
 * a job whose payload does not parse is logged and dropped, never run; and a video whose stored
 * settings no longer parse fails with one refund instead of being tried.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { videos } from '../src/db/schema.js';
import { JOBS } from '../src/jobs/definitions.js';
import { sendingQueue } from './support/queue.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { books, createVideo, newAccount, waitUntilFinished } from './support/videos.js';

vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
/** The server's log, one JSON object a line. */
let log = '';
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server = await startTestServer({ LOG_LEVEL: 'warn' }, { logStream });
});
afterAll(async () => {
  await server?.close();
});

const logEntries = () =>
  log
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** How the queue ended the job, and how often it was tried again. */
async function jobEnd(jobId: string) {
  const { rows } = await server.database.executeSql(
    'select state, retry_count from pgboss.job where id = $1',
    [jobId],
  );
  return rows[0];
}

describe('the periodic jobs', () => {
  it('are each scheduled with a payload their handler takes', async () => {
    const { rows } = await server.database.executeSql(
      'select name, cron, data from pgboss.schedule order by name',
    );
    const scheduled = rows as Array<{ name: string; cron: string; data: unknown }>;
    const periodic = Object.values(JOBS).filter((job) => 'cron' in job);
    expect(scheduled.map(({ name, cron }) => ({ name, cron }))).toEqual(
      periodic
        .map((job) => ({ name: job.name, cron: job.cron }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const { name, data } of scheduled) {
      const job = periodic.find((definition) => definition.name === name);
      expect(job?.payload.safeParse(data).success, name).toBe(true);
    }
  });
});

describe('a job whose payload does not parse', () => {
  it('is logged and dropped: not run, not tried again, and the server works on', async () => {
    // As an older version, or a hand, might have sent it: no video id the registry takes.
    const jobId = await sendingQueue(server.database).send(JOBS.renderVideo.name, {
      videoId: 'not-a-video-id',
    });
    if (!jobId) throw new Error('the queue did not take the job');

    await vi.waitFor(
      async () => expect(await jobEnd(jobId)).toEqual({ state: 'completed', retry_count: 0 }),
      { timeout: 30_000, interval: 250 },
    );
    const entries = logEntries();
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'job payload does not match its schema',
        job: JOBS.renderVideo.name,
        id: jobId,
      }),
    );
    // Its handler never ran: nothing failed in it.
    expect(entries.filter((entry) => entry.msg === 'job failed')).toEqual([]);
    expect((await server.request('/api/health')).status).toBe(200);
  });
});

describe('a video created while the job queue starts (after the server listens)', () => {
  it('is queued once the queue is ready, and rendered', async () => {
    // On a new PostgreSQL database the queue's tables do not exist before its start.
    const starting = await startTestServer({}, { waitForJobs: false });
    try {
      const { user, cookie } = await newAccount(starting.database, starting.app.sessions);
      const video = await createVideo(starting.url, cookie);
      expect(await waitUntilFinished(starting.database, video.id)).toMatchObject({
        status: 'completed',
      });
      expect(await books(starting.database, user.id)).toMatchObject({
        kinds: ['signup_grant', 'video_debit'],
      });
    } finally {
      await starting.close();
    }
  });
});

describe('a video whose stored settings no longer parse', () => {
  it('fails with one refund when a worker takes it, without a render', async () => {
    // Stored by one version, taken by the next after a restart (the same data folder).
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-stale-settings-'));
    const start = async (renderWorkers: number) => {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        RENDER_WORKERS: String(renderWorkers),
        // Would a render start, it could not: the test would see the ffmpeg's failure instead.
        FFMPEG_PATH: '/nonexistent/ffmpeg',
      });
      const database = await openDatabase({ dataDir });
      const app = await buildApp({ config, database });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      return { app, database, url, stop: async () => (await app.close(), await database.close()) };
    };
    try {
      const before = await start(0);
      const { user, cookie } = await newAccount(before.database, before.app.sessions);
      const video = await createVideo(before.url, cookie);
      const [row] = await before.database.db.select().from(videos).where(eq(videos.id, video.id));
      await before.database.db
        .update(videos)
        .set({ options: { ...(row?.options as object), aiModel: 'a-retired-model' } })
        .where(eq(videos.id, video.id));
      await before.stop();

      const after = await start(1);
      try {
        expect(await waitUntilFinished(after.database, video.id)).toMatchObject({
          status: 'failed',
          error: 'The video settings are not valid.',
        });
        expect(await books(after.database, user.id)).toEqual({
          kinds: ['signup_grant', 'video_debit', 'video_refund'],
          balance: 40,
          sum: 40,
        });
      } finally {
        await after.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
