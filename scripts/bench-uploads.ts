/**
 * Upload bursts benchmark (`npm run bench:uploads`, issue 33): the built server (`npm run build`
 * first) on the embedded default, web only, takes bursts of what one free person can send, while
 * another person asks for their balance every 50 ms. Prints the web process's resident memory
 * (at rest, its peak in each burst, and 10, 30 and 60 s after the last) and the other person's
 * `GET /api/credits` times (median, p99, worst). Bursts, each sent at once:
 * - 40 creates of a 49-megapixel photo by a person with no credits left (all refused: 402);
 * - 10 projects of the same photo by 10 people (each decoded in turn: one decode at a time).
 * Targets: the other person's p99 under 200 ms; back under 400 MB within a minute.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { markdownTable, signIn, startServer, type Server } from './bench-support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const SIDE = 7000;

/** A 49-megapixel photo-like JPEG within the 20 MB upload limit. */
async function bigPhoto(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: SIDE / 10,
      height: SIDE / 10,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  return sharp(noise).resize(SIDE, SIDE, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer();
}

function form(field: string, value: unknown, image: Buffer) {
  const body = new FormData();
  body.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  body.set(field, JSON.stringify(value));
  return body;
}

const post = (server: Server, cookie: string, pathname: string, body: FormData) =>
  fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body,
  });

/** Spends a new person's sign-up credits on small videos (they wait: no renders run here). */
async function spendAll(server: Server, cookie: string) {
  const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#369' } })
    .jpeg()
    .toBuffer();
  for (;;) {
    const res = await post(
      server,
      cookie,
      '/api/videos/create',
      form('blobData', { drawingTime: 1 }, small),
    );
    if (res.status === 402) return;
    if (res.status !== 201) throw new Error(`spending credits: ${res.status} ${await res.text()}`);
  }
}

/**
 * The other person's balance, asked every 50 ms until `stop`, from a thread of its own (the bursts
 * keep this thread busy sending): the answer times in ms.
 */
function watchCredits(server: Server, cookie: string) {
  const thread = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const times = [];
    let running = true;
    parentPort.on('message', () => (running = false));
    (async () => {
      while (running) {
        const started = performance.now();
        const res = await fetch(workerData.url, { headers: { cookie: workerData.cookie } });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      parentPort.postMessage(times);
    })();`,
    { eval: true, workerData: { url: `${server.url}/api/credits`, cookie } },
  );
  return {
    async stop(): Promise<number[]> {
      const answer = once(thread, 'message');
      thread.postMessage('stop');
      const [times] = (await answer) as [number[]];
      await thread.terminate();
      return times;
    },
  };
}

/** The largest resident memory seen while `work` runs, sampled every 50 ms. */
async function peakDuring<T>(server: Server, work: Promise<T>) {
  let peak = server.rssMb();
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, server.rssMb());
      await delay(50);
    }
  })();
  const result = await work.finally(() => (done = true));
  await sampler;
  return { result, peakMb: Math.max(peak, server.rssMb()) };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const statuses = (answers: Response[]) => {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n}x ${status}`).join(', ');
};

async function main() {
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const photo = await bigPhoto();
  console.log(`photo: ${SIDE}x${SIDE}, ${(photo.length / 1e6).toFixed(1)} MB`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-bench-uploads-'));
  const server = await startServer(dataDir, undefined, { RENDER_WORKERS: '0' }, { built: true });
  try {
    const broke = await signIn(server.url, dataDir);
    await spendAll(server, broke);
    const makers = await Promise.all(Array.from({ length: 10 }, () => signIn(server.url, dataDir)));
    const other = await signIn(server.url, dataDir);
    await delay(3000);
    const rows: Record<string, string | number>[] = [];
    const atRest = server.rssMb();

    const bursts = [
      {
        burst: '40 unpaid 49 MP creates, one person',
        send: () =>
          Array.from({ length: 40 }, () =>
            post(server, broke, '/api/videos/create', form('blobData', { drawingTime: 1 }, photo)),
          ),
      },
      {
        burst: '10 projects of a 49 MP photo, 10 people',
        send: () =>
          makers.map((cookie) => post(server, cookie, '/api/projects', form('state', {}, photo))),
      },
    ];
    for (const { burst, send } of bursts) {
      const watch = watchCredits(server, other);
      const started = performance.now();
      const { result, peakMb } = await peakDuring(server, Promise.all(send()));
      const seconds = (performance.now() - started) / 1000;
      const times = await watch.stop();
      rows.push({
        burst,
        answers: statuses(result),
        's to last answer': seconds.toFixed(1),
        'MB at rest': atRest,
        'peak MB': peakMb,
        'credits median ms': Math.round(quantile(times, 0.5)),
        'credits p99 ms': Math.round(quantile(times, 0.99)),
        'credits worst ms': Math.round(Math.max(...times)),
      });
    }
    const settled: Record<string, number> = {};
    let waited = 0;
    for (const at of [10, 30, 60]) {
      await delay((at - waited) * 1000);
      waited = at;
      settled[`MB ${at} s after`] = server.rssMb();
    }
    console.log(markdownTable(rows));
    console.log();
    console.log(markdownTable([settled]));
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
