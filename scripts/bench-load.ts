/**
 * Load benchmark (`npm run bench:load`), on loopback, bounded, on PostgreSQL and an S3-compatible
 * bucket (s3rver), with the fleet script's processes (a web process that renders nothing, render
 * workers of their own):
 * 1. 100 people each create a video at the same moment, two workers render them; meanwhile each
 *    person asks for `/api/videos`, `/api/credits` or `/api/auth/user` every 2 s, as pages do.
 *    Every video must end completed and every person's ledger balance; the reads' p99 target is
 *    under 100 ms.
 * 2. a batch of 20 videos with one worker and with two, each worker held to a core of its own
 *    (`taskset`, its renders and their ffmpeg with it), as workers on machines of their own would
 *    be; and the same without holding them, where every render spreads over both cores; in videos
 *    per minute. The target is 2 workers >= 1.8x one on two machines' worth of cores.
 * PostgreSQL: DATABASE_URL (a fresh database is made on it and dropped), else a throwaway cluster.
 * `BENCH_PARTS=batch` (or `load`) runs one of the two.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { MODEL_CREDIT_COST } from '@rasma/contract';
import pg from 'pg';
import sharp from 'sharp';
import { startFleet, type Fleet } from '../apps/server/src/cli/fleet.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { SessionStore } from '../apps/server/src/modules/auth/session-store.js';
import { findOrCreateUserByEmail } from '../apps/server/src/modules/auth/users.js';
import { startS3Server } from '../apps/server/test/support/s3.js';
import { quantile } from '../apps/server/test/support/open-loop.js';
import { processTree } from '../apps/server/test/support/processes.js';
import { markdownTable } from './bench-support.js';
import { benchDatabase } from './bench-postgres.js';

const LOAD_USERS = 100;
const LOAD_WORKERS = 2;
/** Each person, while waiting, reads one of the pages' calls this often (100 people: 50 reads/s). */
const READ_EVERY_MS = 2000;
const READS = ['/api/videos?page=1', '/api/credits', '/api/auth/user'];
const BATCH_VIDEOS = 20;
/** What each person's video is: small and short under load (the reads are measured, not renders). */
const LOAD_VIDEO: Video = { width: 320, height: 180, drawingTime: 1 };
/** A bigger one for the batch, so the renders, not their start-up, take the time. */
const BATCH_VIDEO: Video = { width: 640, height: 360, drawingTime: 3 };
const RENDER_ALLOWANCE_SECONDS = 900;
/** No run may outlast this (bounded): the benchmark fails instead. */
const RUN_LIMIT_MS = 30 * 60_000;
const SAMPLE = path.resolve(import.meta.dirname, '../apps/web/public/samples/warrior-scene.webp');

interface Video {
  width: number;
  height: number;
  drawingTime: number;
}

interface Person {
  id: string;
  cookie: string;
}

/** A running fleet as a run sees it: its web process, its database, its people. */
interface Run {
  url: string;
  databaseUrl: string;
  people: Person[];
}

async function main(): Promise<void> {
  console.log(`${cpus().length} cores; ${busy()}`);
  const parts = (process.env.BENCH_PARTS ?? 'load,batch').split(',');
  if (parts.includes('load')) await loadRun();
  if (parts.includes('batch')) await batchRun();
}

async function loadRun(): Promise<void> {
  const load = await withFleet(LOAD_WORKERS, LOAD_USERS, async (run) =>
    underLoad(run, await picture(LOAD_VIDEO)),
  );
  console.log(
    `\n${LOAD_USERS} people create a video at once (${describe(LOAD_VIDEO)}), ${LOAD_WORKERS} workers:`,
  );
  console.log(markdownTable(load));
  console.log(busy());
}

async function batchRun(): Promise<void> {
  console.log(`\nA batch of ${BATCH_VIDEOS} videos (${describe(BATCH_VIDEO)}):`);
  for (const cores of ['one each', 'shared'] as const) {
    const seconds: number[] = [];
    for (const workers of [1, 2]) {
      seconds.push(
        await withFleet(workers, BATCH_VIDEOS, async (run, fleet) => {
          if (cores === 'one each') fleet.workers.forEach(({ child }, i) => pinToCore(child, i));
          return timeBatch(run, await picture(BATCH_VIDEO));
        }),
      );
    }
    const [one = NaN, two = NaN] = seconds;
    console.log(
      `workers' cores ${cores}: 1 worker ${one.toFixed(1)} s, 2 workers ${two.toFixed(1)} s, ` +
        `${((BATCH_VIDEOS / two) * 60).toFixed(2)} videos/minute: ${(one / two).toFixed(2)}x ` +
        `(target on two machines: >= 1.8x). ${busy()}`,
    );
  }
}

/** A fleet of one web process and `workers` workers on a fresh database and bucket, with people. */
async function withFleet<T>(
  workers: number,
  people: number,
  run: (run: Run, fleet: Fleet) => Promise<T>,
): Promise<T> {
  const [database, s3] = await Promise.all([benchDatabase(), startS3Server()]);
  let fleet: Fleet | undefined;
  try {
    fleet = await startFleet({
      web: 1,
      workers,
      databaseUrl: database.url,
      storageUrl: s3.newStorageUrl(),
      // 100 renders queue for minutes, and a render's allowance counts from its start: on a busy
      // machine a render at the lowest CPU priority can outlast the default, which is not what this
      // measures.
      env: { RENDER_EXPIRY_SECONDS: String(RENDER_ALLOWANCE_SECONDS) },
    });
    const url = fleet.web[0]?.url ?? '';
    const signedIn = await newPeople(database.url, people);
    return await withTimeout(run({ url, databaseUrl: database.url, people: signedIn }, fleet));
  } finally {
    await fleet?.stop();
    await s3.close();
    await database.drop();
  }
}

/** Holds a process and its descendants (and so the render processes it starts) to one core. */
function pinToCore(child: ChildProcess, core: number): void {
  for (const pid of processTree(child.pid ?? 0)) {
    execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', String(core), String(pid)], {
      stdio: 'ignore',
    });
  }
}

/** People with their sign-up grant and a session each (made in the database, as the tests do). */
async function newPeople(url: string, count: number): Promise<Person[]> {
  const database = await openDatabase({ url, dataDir: '.' });
  try {
    const sessions = new SessionStore(database.db, new Set());
    const people = [];
    for (let i = 0; i < count; i++) {
      const user = await findOrCreateUserByEmail(database.db, `load-${i}@example.test`);
      people.push({
        id: user.id,
        cookie: `rasma_session=${(await sessions.create(user.id)).token}`,
      });
    }
    return people;
  } finally {
    await database.close();
  }
}

/** The machine's load: other work on it slows every figure. */
const busy = () => `load average over the last minute ${loadavg()[0]?.toFixed(2)}`;

const describe = (video: Video) => `${video.drawingTime} s, ${video.width}x${video.height}`;

/** The sample picture at the video's size, with what the create form sends. */
async function picture(video: Video) {
  const image = await sharp(SAMPLE)
    .resize(video.width, video.height, { fit: 'contain', background: '#ffffff' })
    .png()
    .toBuffer();
  return { image, drawingTime: video.drawingTime };
}

type Picture = Awaited<ReturnType<typeof picture>>;

async function underLoad(run: Run, picture: Picture) {
  const { url, people } = run;
  const ids = await Promise.all(people.map((person) => createVideo(url, person, picture)));
  const latencies = new Map<string, number[]>(READS.map((read) => [read, []]));
  let done = false;
  const finished = waitForVideos(run, ids).finally(() => (done = true));
  // Each person reads in turn what their pages ask for, starting at a moment of their own.
  const reader = async (person: Person, n: number) => {
    await delay((READ_EVERY_MS * n) / people.length);
    for (let i = n; !done; i++) {
      const read = READS[i % READS.length] ?? '';
      const started = performance.now();
      const res = await fetch(`${url}${read}`, { headers: { cookie: person.cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${read}: ${res.status}`);
      const took = performance.now() - started;
      latencies.get(read)?.push(took);
      await delay(Math.max(0, READ_EVERY_MS - took));
    }
  };
  const started = performance.now();
  await Promise.all([finished, ...people.map(reader)]);
  const seconds = (performance.now() - started) / 1000;
  const books = await checkBooks(run);
  return [
    ...READS.map((read) => {
      const times = (latencies.get(read) ?? []).sort((a, b) => a - b);
      return {
        measure: `GET ${read}`,
        requests: times.length,
        'p50 ms': quantile(times, 0.5).toFixed(1),
        'p99 ms': quantile(times, 0.99).toFixed(1),
        'max ms': (times.at(-1) ?? 0).toFixed(1),
      };
    }),
    {
      measure: `all ${ids.length} videos completed`,
      requests: `${seconds.toFixed(1)} s`,
      'p50 ms': '',
      'p99 ms': '',
      'max ms': '',
    },
    { measure: books, requests: '', 'p50 ms': '', 'p99 ms': '', 'max ms': '' },
  ];
}

/** Seconds from the first create to the last of the batch's videos completed. */
async function timeBatch(run: Run, picture: Picture): Promise<number> {
  const started = performance.now();
  const ids = await Promise.all(run.people.map((person) => createVideo(run.url, person, picture)));
  await waitForVideos(run, ids);
  return (performance.now() - started) / 1000;
}

async function createVideo(url: string, person: Person, { image, drawingTime }: Picture) {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'load.png');
  form.set('blobData', JSON.stringify({ drawingTime }));
  const res = await fetch(`${url}/api/videos/create`, {
    method: 'POST',
    headers: { cookie: person.cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { video: { id: string } }).video.id;
}

/** Resolves once every video is completed; a failed one is an error. */
async function waitForVideos(run: Run, ids: string[]): Promise<void> {
  await withDatabase(run, async (db) => {
    for (;;) {
      const { rows } = await db.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from videos where id = any($1) group by status',
        [ids],
      );
      const failed = rows.find((row) => row.status === 'failed');
      if (failed) throw new Error(`${failed.n} videos failed`);
      if (rows.find((row) => row.status === 'completed')?.n === ids.length) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
}

/** Every person's balance is their ledger's sum: a sign-up grant and one video's debit. */
async function checkBooks(run: Run): Promise<string> {
  const { people } = run;
  return withDatabase(run, async (db) => {
    const { rows } = await db.query<{ id: string; credits: number; sum: number; kinds: string }>(
      `select u.id, u.credits, sum(l.delta)::int as sum,
              string_agg(l.kind, ',' order by l.kind) as kinds
         from users u join credit_ledger l on l.user_id = u.id
        where u.id = any($1) group by u.id`,
      [people.map((person) => person.id)],
    );
    const wrong = rows.filter(
      (row) => row.credits !== row.sum || row.kinds !== 'signup_grant,video_debit',
    );
    if (rows.length !== people.length || wrong.length > 0) {
      throw new Error(`ledger does not balance for ${wrong.length} people`);
    }
    const cost = MODEL_CREDIT_COST['rasma-ai'];
    return `ledger balances for all ${rows.length} (grant, one ${cost}-credit debit, no refund)`;
  });
}

async function withDatabase<T>(run: Run, use: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: run.databaseUrl });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the run took too long')), RUN_LIMIT_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

await main();
