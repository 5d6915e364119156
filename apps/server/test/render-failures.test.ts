import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Video, VideoProgressEvent } from '@rasma/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { creditLedger, users, videos } from '../src/db/schema.js';
import { findOrCreateUserByEmail } from '../src/modules/auth/users.js';
import { startTestServer } from './support/test-server.js';

vi.setConfig({ testTimeout: 180_000 });

const image = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect x="40" y="40" width="240" height="160" fill="none" stroke="#000" stroke-width="8"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

async function createVideo(baseUrl: string, cookie: string, drawingTime = 1): Promise<Video> {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(await image())], { type: 'image/png' }), 'box.png');
  form.set('blobData', JSON.stringify({ drawingTime }));
  const res = await fetch(new URL('/api/videos/create', baseUrl), {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { video: Video }).video;
}

/** Reads the user's progress stream until `until` says stop; returns the events seen. */
async function readProgress(
  baseUrl: string,
  cookie: string,
  userId: string,
  until: (event: VideoProgressEvent) => boolean,
): Promise<VideoProgressEvent[]> {
  const res = await fetch(new URL(`/api/video-progress/${userId}`, baseUrl), {
    headers: { cookie },
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  if (!res.body) throw new Error('no stream');
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  const events: VideoProgressEvent[] = [];
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffered += new TextDecoder().decode(value);
    const blocks = buffered.split('\n\n');
    buffered = blocks.pop() ?? '';
    for (const block of blocks) {
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!data) continue;
      const event = JSON.parse(data) as VideoProgressEvent;
      events.push(event);
      if (until(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
}

/** The user's ledger, balance and ledger sum (equal whenever the books are right). */
async function books(database: Database, userId: string) {
  const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  return {
    kinds: rows.map((r) => r.kind),
    balance: user?.credits,
    sum: rows.reduce((t, r) => t + r.delta, 0),
  };
}

/** A new account (with its sign-up grant, so the whole balance is in the ledger) and its cookie. */
async function newAccount(
  database: Database,
  sessions: { create(id: string): Promise<{ token: string }> },
) {
  const user = await findOrCreateUserByEmail(
    database.db,
    `r${Date.now()}${Math.random()}@example.test`,
  );
  return { user, cookie: `rasma_session=${(await sessions.create(user.id)).token}` };
}

async function waitUntilFinished(database: Database, videoId: string) {
  for (;;) {
    const [row] = await database.db.select().from(videos).where(eq(videos.id, videoId));
    if (row && row.status !== 'processing') return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a render that fails', () => {
  it('is retried once, then ends failed with exactly one refund, live on the stream', async () => {
    // An ffmpeg that cannot run: every try fails the same way.
    const server = await startTestServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    try {
      const { user, cookie } = await newAccount(server.database, server.app.sessions);
      const events = readProgress(server.url, cookie, user.id, (e) => e.status === 'failed');
      const video = await createVideo(server.url, cookie);
      expect((await books(server.database, user.id)).balance).toBe(30);

      const seen = await events;
      expect(seen.at(-1)).toEqual({
        type: 'videoProgress',
        videoId: video.id,
        progress: 0,
        status: 'failed',
      });
      expect((await waitUntilFinished(server.database, video.id)).status).toBe('failed');
      expect(await books(server.database, user.id)).toEqual({
        kinds: ['signup_grant', 'video_debit', 'video_refund'],
        balance: 40,
        sum: 40,
      });
      const { rows: jobs } = await server.database.executeSql(
        `select state, retry_count from pgboss.job where name = 'render-video' and data->>'videoId' = $1`,
        [video.id],
      );
      expect(jobs).toEqual([{ state: 'failed', retry_count: 1 }]);
    } finally {
      await server.close();
    }
  });
});

describe('a server restarted mid-render (embedded database)', () => {
  it('finishes the video after the restart, with no credit lost or doubled', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-restart-'));
    const start = async () => {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
      const database = await openDatabase({ dataDir });
      const app = await buildApp({ config, database });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      return { app, database, url, stop: async () => (await app.close(), await database.close()) };
    };
    try {
      const first = await start();
      const { user, cookie } = await newAccount(first.database, first.app.sessions);
      const events = readProgress(first.url, cookie, user.id, (e) => e.progress > 0);
      const video = await createVideo(first.url, cookie, 6);
      await events; // the render is under way
      await first.stop();

      const second = await start();
      try {
        const finished = await waitUntilFinished(second.database, video.id);
        expect(finished.status).toBe('completed');
        expect(await books(second.database, user.id)).toEqual({
          kinds: ['signup_grant', 'video_debit'],
          balance: 30,
          sum: 30,
        });
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
