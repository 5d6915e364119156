/**
 * Render jobs that wait in the queue behind a render: one whose video was settled meanwhile (failed
 * and refunded, or completed) renders nothing when a worker takes it, and a waiting job's allowance
 * does not run while it waits (a worker takes a job only when it has a free render slot).
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { videos } from '../src/db/schema.js';
import { sendJob } from '../src/jobs/sender.js';
import { openStorage } from '../src/storage/open-storage.js';
import { thumbnailKey, videoKey } from '../src/storage/keys.js';
import { heldFfmpeg, type HeldFfmpeg } from './support/held-ffmpeg.js';
import { sendingQueue } from './support/queue.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { books, createVideo, newAccount, renderJobs, waitUntilFinished } from './support/videos.js';

vi.setConfig({ testTimeout: 420_000 });

/**
 * The render allowance of the second test: a one-second video's job may run for 60 + 10 s, a
 * twenty-second one's 260 s. Room for renders on a busy machine, and short enough that waiting one
 * out does not take long.
 */
const EXPIRY_SECONDS = 60;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
/** A server (one render slot) whose encodes wait until the test releases them. */
async function serverWithHeldRenders(env: Record<string, string> = {}) {
  const ffmpeg = await heldFfmpeg();
  cleanups.push(() => ffmpeg.remove());
  const server = await startTestServer({ RENDER_WORKERS: '1', FFMPEG_PATH: ffmpeg.path, ...env });
  cleanups.push(() => server.close());
  return { server, ffmpeg };
}

const videoRow = async (server: TestServer, videoId: string) => {
  const [row] = await server.database.db.select().from(videos).where(eq(videos.id, videoId));
  return row;
};
/** Resolves once the one render slot is taken: a render has reached its encoder. */
const renderUnderWay = (ffmpeg: HeldFfmpeg, count: number) =>
  vi.waitFor(async () => expect(await ffmpeg.encodes()).toBe(count), {
    timeout: 180_000,
    interval: 200,
  });
/** Resolves once every render job of the video has ended as `state`. */
const jobsEnded = (server: TestServer, videoId: string, count: number) =>
  vi.waitFor(
    async () =>
      expect(await renderJobs(server.database, videoId)).toEqual(
        Array.from({ length: count }, () => ({ state: 'completed', retry_count: 0 })),
      ),
    { timeout: 180_000, interval: 250 },
  );

describe('a render job taken after its video was settled', () => {
  it('renders nothing: a video failed while its job waited keeps its one refund, a completed one is not made again', async () => {
    // An allowance no render here comes near: this test is about what a worker renders, not when.
    const { server, ffmpeg } = await serverWithHeldRenders({ RENDER_EXPIRY_SECONDS: '600' });
    const { user, cookie } = await newAccount(server.database, server.app.sessions);
    const first = await createVideo(server.url, cookie);
    const waiting = await createVideo(server.url, cookie);
    await renderUnderWay(ffmpeg, 1);
    expect(await renderJobs(server.database, waiting.id)).toEqual([
      { state: 'created', retry_count: 0 },
    ]);

    // Failed while its job waits, as the queue's dead letter fails a video: refunded at once.
    const queue = sendingQueue(server.database);
    await sendJob(queue, 'renderFailed', { videoId: waiting.id });
    await vi.waitFor(
      async () => expect((await videoRow(server, waiting.id))?.status).toBe('failed'),
      { timeout: 30_000, interval: 250 },
    );

    // The slot frees; the worker takes the failed video's job next and lets it go.
    await ffmpeg.release();
    expect((await waitUntilFinished(server.database, first.id)).status).toBe('completed');
    await jobsEnded(server, waiting.id, 1);
    expect(await ffmpeg.encodes()).toBe(1);
    const storage = await openStorage(server.config);
    expect(await storage.size(videoKey(waiting.id))).toBeUndefined();
    expect(await storage.size(thumbnailKey(waiting.id))).toBeUndefined();
    expect(await videoRow(server, waiting.id)).toMatchObject({
      status: 'failed',
      videoKey: null,
      thumbnailKey: null,
    });

    // The completed video's job comes again (a retry of a job whose end was not recorded).
    const made = await storage.size(videoKey(first.id));
    await sendJob(queue, 'renderVideo', { videoId: first.id });
    await jobsEnded(server, first.id, 2);
    expect(await ffmpeg.encodes()).toBe(1);
    expect(await storage.size(videoKey(first.id))).toBe(made);
    expect(await videoRow(server, first.id)).toMatchObject({ status: 'completed', progress: 100 });

    // Two debits, the failed video's one refund, nothing else.
    expect(await books(server.database, user.id)).toEqual({
      kinds: ['signup_grant', 'video_debit', 'video_debit', 'video_refund'],
      balance: 30,
      sum: 30,
    });
  });
});

describe('a render job waiting behind a long render', () => {
  it('completes though the render before it outlasted its whole allowance: its clock starts with its render', async () => {
    const { server, ffmpeg } = await serverWithHeldRenders({
      RENDER_EXPIRY_SECONDS: String(EXPIRY_SECONDS),
    });
    const { user, cookie } = await newAccount(server.database, server.app.sessions);
    const long = await createVideo(server.url, cookie, { drawingTime: 20 });
    const behind = await createVideo(server.url, cookie, { drawingTime: 1 });
    const behindCreated = Date.now();
    await renderUnderWay(ffmpeg, 1);

    // The long render holds the slot until the video behind it has waited past its whole allowance.
    const allowanceMs = (EXPIRY_SECONDS + 10) * 1000;
    await new Promise((resolve) => setTimeout(resolve, behindCreated + allowanceMs - Date.now()));
    expect((await videoRow(server, behind.id))?.status).toBe('processing');
    await ffmpeg.release();

    expect((await waitUntilFinished(server.database, long.id)).status).toBe('completed');
    expect((await waitUntilFinished(server.database, behind.id)).status).toBe('completed');
    // The queue records the job's end just after its handler has completed the video.
    await jobsEnded(server, behind.id, 1);
    expect(await books(server.database, user.id)).toEqual({
      kinds: ['signup_grant', 'video_debit', 'video_debit'],
      balance: 20,
      sum: 20,
    });
  });
});
