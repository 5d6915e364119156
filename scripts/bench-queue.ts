/**
 * Render queue benchmark (`npm run bench:queue`), on the production server as users run it:
 * 1. a 15 s black-and-white 1080p video through the server (create -> completed, over its progress
 *    stream) against the engine's CLI on the same image (target: at most 1.15x);
 * 2. the time from the create request to the first progress event (target: under 1 s);
 * 3. with BENCH_DATABASE_URL (a PostgreSQL the benchmark may migrate and write to): 20 videos through
 *    the queue with 1 and with 2 separate `npm run worker` processes, in videos per minute.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { markdownTable, signIn, startServer, startWorker, stop } from './bench-support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const SAMPLE = path.join(repoRoot, 'apps/web/public/samples/warrior-scene.webp');
const DRAWING_TIME = 15;
const QUEUE_VIDEOS = 20;
const QUEUE_DRAWING_TIME = 5;

interface ProgressEvent {
  videoId: string;
  progress: number;
  status: string;
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'rasma-bench-queue-'));
  try {
    // 1920x1080: the sample on a white 16:9 page.
    const image = path.join(work, 'frame-1080p.png');
    await sharp(SAMPLE)
      .resize(1920, 1080, { fit: 'contain', background: '#ffffff' })
      .png()
      .toFile(image);

    const cliSeconds = await timeCli(image, path.join(work, 'cli.mp4'));
    const server = await timeServer(image, path.join(work, 'server-data'));
    console.log(
      markdownTable([
        { measure: 'engine CLI, 15 s 1080p B/W', seconds: cliSeconds.toFixed(2) },
        { measure: 'server, create -> completed', seconds: server.completed.toFixed(2) },
        { measure: 'server / CLI', seconds: (server.completed / cliSeconds).toFixed(3) },
        { measure: 'create -> first progress event', seconds: server.firstProgress.toFixed(2) },
      ]),
    );

    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (!databaseUrl) {
      console.log('\nSet BENCH_DATABASE_URL to measure queue throughput with separate workers.');
      return;
    }
    const rows = [];
    for (const workers of [1, 2]) {
      const perMinute = await queueThroughput(
        image,
        path.join(work, `queue-${workers}`),
        databaseUrl,
        workers,
      );
      rows.push({ workers, videos: QUEUE_VIDEOS, 'videos/minute': perMinute.toFixed(2) });
    }
    console.log(`\n${markdownTable(rows)}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function timeCli(image: string, output: string): Promise<number> {
  const started = performance.now();
  await promisify(execFile)(
    process.execPath,
    ['packages/engine/bin/rasma.js', 'render', image, '-o', output, '--time', String(DRAWING_TIME)],
    { cwd: repoRoot },
  );
  return (performance.now() - started) / 1000;
}

/** One video on the embedded default, its progress read from the stream the browser uses. */
async function timeServer(image: string, dataDir: string) {
  const server = await startServer(dataDir, undefined);
  try {
    const cookie = await signIn(server.url, dataDir);
    const userId = await currentUserId(server.url, cookie);
    const events = openStream(server.url, cookie, userId);
    const started = performance.now();
    const videoId = await createVideo(server.url, cookie, image, DRAWING_TIME);
    let firstProgress = Number.NaN;
    for await (const event of events) {
      if (event.videoId !== videoId) continue;
      if (Number.isNaN(firstProgress) && event.progress > 0) {
        firstProgress = (performance.now() - started) / 1000;
      }
      if (event.status === 'failed') throw new Error('the benchmark video failed');
      if (event.status === 'completed') {
        return { completed: (performance.now() - started) / 1000, firstProgress };
      }
    }
    throw new Error('the progress stream ended');
  } finally {
    await server.stop();
  }
}

/** 20 videos at once through a server that renders nothing itself and `workers` worker processes. */
async function queueThroughput(
  image: string,
  dataDir: string,
  databaseUrl: string,
  workers: number,
) {
  const server = await startServer(dataDir, databaseUrl, { RENDER_WORKERS: '0' });
  const processes: ChildProcess[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const cookie = await signIn(server.url, dataDir);
    const userId = await currentUserId(server.url, cookie);
    // Enough credits for the run (a benchmark account, outside the ledger).
    await db.query('update users set credits = 100000 where id = $1', [userId]);
    for (let i = 0; i < workers; i++) processes.push(startWorker(dataDir, databaseUrl));
    await delay(5000); // the workers' start-up is not part of the throughput
    const started = performance.now();
    for (let i = 0; i < QUEUE_VIDEOS; i++)
      await createVideo(server.url, cookie, image, QUEUE_DRAWING_TIME);
    for (;;) {
      const { rows } = await db.query<{ n: string; failed: string }>(
        `select count(*) filter (where status = 'processing') as n,
                count(*) filter (where status = 'failed') as failed
           from videos where user_id = $1`,
        [userId],
      );
      if (Number(rows[0]?.failed) > 0) throw new Error('a benchmark video failed');
      if (Number(rows[0]?.n) === 0) break;
      await delay(500);
    }
    return QUEUE_VIDEOS / ((performance.now() - started) / 60_000);
  } finally {
    await Promise.all(processes.map((p) => stop(p)));
    await db.end();
    await server.stop();
  }
}

async function currentUserId(url: string, cookie: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
  return ((await res.json()) as { id: string }).id;
}

async function createVideo(url: string, cookie: string, image: string, drawingTime: number) {
  const form = new FormData();
  const bytes = await sharp(image).png().toBuffer();
  form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'bench.png');
  form.set('blobData', JSON.stringify({ drawingTime, aiModel: 'rasma-ai' }));
  const res = await fetch(`${url}/api/videos/create`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { video: { id: string } }).video.id;
}

/** The progress events of the user's stream, as they come. */
async function* openStream(url: string, cookie: string, userId: string) {
  const res = await fetch(`${url}/api/video-progress/${userId}`, { headers: { cookie } });
  if (!res.body) throw new Error('no progress stream');
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      const blocks = buffered.split('\n\n');
      buffered = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) yield JSON.parse(data) as ProgressEvent;
      }
    }
  } finally {
    await reader.cancel();
  }
}

await main();
