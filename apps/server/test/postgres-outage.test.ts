/**
 * PostgreSQL out of reach for 10 s (a network partition, caused by a proxy between the server and
 * PostgreSQL) while people use the app: every call answers 503 with a clear message within seconds,
 * nothing is half-written, and the server, its job queue and its LISTEN connection come back by
 * themselves once PostgreSQL is reachable again.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/errors.js';
import { startQueue } from '../src/queue/queue.js';
import { openStorage } from '../src/storage/open-storage.js';
import { freshPostgresDatabase } from './support/database.js';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.js';
import { expectSettled } from './support/settled.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { createVideo, newAccount, postVideo, readProgress } from './support/videos.js';

vi.setConfig({ testTimeout: 120_000 });

const OUTAGE_MS = 10_000;
/** A queue of the test's own, for a job that ends during the outage. */
const PROBE = 'outage-probe';
/**
 * The longest a call made while PostgreSQL is away may take: the pool's connect and query timeouts
 * (3 s, `OUTAGE_TIMEOUTS`) and room for a busy machine. Measured on 2 cores at load 20: 3.1-3.7 s.
 */
const ANSWER_WITHIN_MS = 5_000;

interface Answer {
  call: string;
  status: number;
  body: unknown;
  ms: number;
}

let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let proxy: FaultProxy;
let server: TestServer;
beforeAll(async () => {
  database = await freshPostgresDatabase();
  if (!database) return;
  const url = new URL(database.url);
  proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  server = await startTestServer({ DATABASE_URL: url.toString() });
});
afterAll(async () => {
  await proxy?.heal();
  // Connections stranded by the partition that only listen would learn of it only from TCP's own
  // timeouts (minutes); reset them, as a real network's keepalive eventually would.
  proxy?.cut();
  await server?.close();
  await proxy?.close();
  await database?.drop();
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL out of reach for 10 s', () => {
  it('answers 503 at once, writes nothing by halves, and recovers without a restart', async () => {
    const { user, cookie } = await newAccount(server.database, server.app.sessions);
    const answers: Answer[] = [];
    const call = async (name: string, send: () => Promise<Response>) => {
      const started = Date.now();
      const res = await send();
      const body: unknown = await res.json();
      answers.push({ call: name, status: res.status, body, ms: Date.now() - started });
      return res.status;
    };
    const read = (pathname: string) => () =>
      call(pathname, () => server.request(pathname, { headers: { cookie } }));
    const create = () => call('create', () => postVideo(server.url, cookie, { drawingTime: 1 }));

    // A stream opened before the outage, still open after it.
    let marker = '';
    const stream = readProgress(server.url, cookie, user.id, (e) => e.videoId === marker);
    // A job of the queue that ends while PostgreSQL is away (its end cannot be recorded).
    const queueErrors: unknown[] = [];
    const queue = await startQueue(server.database, pino({ level: 'silent' }));
    queue.on('error', (err) => queueErrors.push(err));
    await queue.createQueue(PROBE);
    let endJob = () => undefined as void;
    const jobRunning = new Promise<void>((running) => {
      void queue.work(PROBE, { pollingIntervalSeconds: 0.5 }, () => {
        running();
        return new Promise<void>((end) => (endJob = end));
      });
    });
    await queue.send(PROBE, {});
    await jobRunning;

    proxy.blackhole();
    endJob();
    const outageEnds = Date.now() + OUTAGE_MS;
    while (Date.now() < outageEnds) {
      await Promise.all([read('/api/credits')(), read('/api/videos')(), create()]);
    }
    await proxy.heal();

    // The job's end was reported, not left to end the process; the queue stops cleanly.
    expect(queueErrors.length).toBeGreaterThan(0);
    await queue.stop({ graceful: false, wait: true });

    // Every call answered, within seconds: 503 with a message a person can act on.
    expect(answers.filter((a) => a.status !== 503)).toEqual([]);
    for (const answer of answers) {
      expect(answer.body).toEqual({
        message: SERVICE_UNAVAILABLE_MESSAGE,
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    expect(answers.length).toBeGreaterThanOrEqual(8);

    // Back by itself: calls succeed again, the queue takes new work, the stream hears it.
    await vi.waitFor(async () => expect(await read('/api/credits')()).toBe(200), {
      timeout: 30_000,
      interval: 500,
    });
    const after = await createVideo(server.url, cookie);
    marker = after.id;
    const heard = await stream;
    expect(heard.at(-1)).toMatchObject({ videoId: after.id });

    const ended = await expectSettled(server.database, await openStorage(server.config), user.id);
    expect(ended.get(after.id)).toBe('completed');
  });
});
