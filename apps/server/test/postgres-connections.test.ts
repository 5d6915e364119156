import type { VideoProgressEvent } from '@rasma/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../src/db/client.js';
import { videos } from '../src/db/schema.js';
import { isOutage } from '../src/outage.js';
import { grantSignupCredits } from '../src/modules/credits/ledger.js';
import { freshPostgresDatabase } from './support/database.js';
import { createSignedInUser } from './support/factories.js';
import { startFaultProxy } from './support/fault-proxy.js';
import { startTestServer } from './support/test-server.js';

/** Sends `payload` on `channel` from a connection of its own, as a render worker's process does. */
async function notify(databaseUrl: string, channel: string, payload: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
  } finally {
    await client.end();
  }
}

/** The events a progress stream has sent so far, read as they come until `stop`. */
function collectEvents(res: Response): { events: VideoProgressEvent[]; stop: () => Promise<void> } {
  const events: VideoProgressEvent[] = [];
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => undefined);
      if (!chunk || chunk.done) return;
      const value = chunk.value;
      text += decoder.decode(value, { stream: true });
      const lines = text.split('\n');
      text = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as VideoProgressEvent);
      }
    }
  })();
  return { events, stop: () => reader.cancel() };
}

/** Ends every other connection to the server's database, as a PostgreSQL restart or an admin does. */
async function terminateConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    for (const { pid } of rows) await client.query('SELECT pg_terminate_backend($1)', [pid]);
    return rows.length;
  } finally {
    await client.end();
  }
}

// Connections that PostgreSQL closes are a PostgreSQL matter (the embedded database is in-process).
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL closing our connections', () => {
  it('the server keeps running and answers from new connections', async () => {
    const server = await startTestServer({ RENDER_WORKERS: '0' });
    try {
      const { user, cookie } = await createSignedInUser(server.database.db);
      await grantSignupCredits(server.database.db, user.id);
      const balance = () => server.request('/api/credits', { headers: { cookie } });
      expect((await balance()).status).toBe(200);

      expect(await terminateConnections(server.config.databaseUrl ?? '')).toBeGreaterThan(0);
      // The idle pool connections learn of it now; an unhandled error here would end the process.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const after = await balance();
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ credits: 40 });
    } finally {
      await server.close();
    }
  });

  it("keeps a user's progress stream fed by other processes' renders", () =>
    withProgressStream(async ({ databaseUrl, reported }) => {
      const elsewhere = 'video-in-another-process';
      await reported(progressOf(elsewhere, 10));

      expect(await terminateConnections(databaseUrl)).toBeGreaterThan(0);
      // A render in another process goes on reporting; its reports reach the stream again once the
      // server listens anew (those sent in between are lost).
      await reported(progressOf(elsewhere, 42));
    }));

  it('sends an open stream what changed while the server could not listen', () =>
    withProgressStream(async ({ databaseUrl, db, userId, events, reported }) => {
      const [video] = await db
        .insert(videos)
        .values({ userId, title: 'Cat', aiModel: 'rasma-ai', options: {}, creditsUsed: 10 })
        .returning();
      // A live event gets through once the stream has sent the state it read on opening.
      await reported(progressOf('video-in-another-process', 10));

      expect(await terminateConnections(databaseUrl)).toBeGreaterThan(0);
      // The render finishes in another process while this server is not listening: its
      // notification reaches no one.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(
        `UPDATE videos SET status = 'completed', progress = 100, completed_at = now() WHERE id = $1`,
        [video!.id],
      );
      await client.end();

      const done = progressOf(video!.id, 100, 'completed');
      await vi.waitFor(() => expect(events.at(-1)).toEqual(done), {
        timeout: 10_000,
        interval: 100,
      });
    }));
});

describe.runIf(process.env.TEST_DATABASE_URL)('A transaction that loses its connection', () => {
  it('fails as an outage and gives the connection back, so the pool recovers and closes', async () => {
    const target = (await freshPostgresDatabase())!;
    const url = new URL(target.url);
    const proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const database = await openDatabase({ url: url.toString(), dataDir: '' });
    const { db } = database;
    const ask = () => db.transaction((tx) => tx.execute(sql`SELECT 1`));
    try {
      // Reset while lent out: an unhandled error event of the connection would end the process.
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          proxy.cut();
          await tx.execute(sql`SELECT pg_sleep(0.2)`);
        }),
      ).rejects.toSatisfy(isOutage);
      await ask();

      // A query that gets no answer leaves its connection waiting: it must not serve the next one.
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          proxy.blackhole();
          await tx.execute(sql`SELECT 1`);
        }),
      ).rejects.toSatisfy(isOutage);
      await proxy.heal();
      await ask();

      // BEGIN gets no answer: the connection must still go back, or closing waits for it forever.
      proxy.blackhole();
      await expect(ask()).rejects.toSatisfy(isOutage);
      await proxy.heal();
      await ask();
    } finally {
      const closed = database.close().then(() => 'closed');
      const waited = new Promise((resolve) => setTimeout(resolve, 10_000, 'still waiting'));
      expect(await Promise.race([closed, waited])).toBe('closed');
      await proxy.close();
      await target.drop();
    }
  }, 60_000);
});

function progressOf(
  videoId: string,
  progress: number,
  status: VideoProgressEvent['status'] = 'processing',
): VideoProgressEvent {
  return { type: 'videoProgress', videoId, progress, status };
}

/** A server without render workers and one user's open progress stream, for the time of `test`. */
async function withProgressStream(
  test: (stream: {
    databaseUrl: string;
    db: Db;
    userId: string;
    events: VideoProgressEvent[];
    /** Sends `event` as another process does, until the stream has passed it on. */
    reported: (event: VideoProgressEvent) => Promise<void>;
  }) => Promise<void>,
): Promise<void> {
  const server = await startTestServer({ RENDER_WORKERS: '0' });
  let stopReading = () => Promise.resolve();
  try {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const stream = await server.request(`/api/video-progress/${user.id}`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const { events, stop } = collectEvents(stream);
    stopReading = stop;
    const databaseUrl = server.config.databaseUrl ?? '';
    const reported = (event: VideoProgressEvent) =>
      vi.waitFor(
        async () => {
          await notify(databaseUrl, 'video_progress', JSON.stringify({ userId: user.id, event }));
          expect(events).toContainEqual(event);
        },
        { timeout: 10_000, interval: 300 },
      );
    await test({ databaseUrl, db: server.database.db, userId: user.id, events, reported });
  } finally {
    // An open stream would keep the server from closing.
    await stopReading();
    await server.close();
  }
}
