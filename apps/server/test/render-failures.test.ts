import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { startTestServer } from './support/test-server.js';
import {
  books,
  createVideo,
  newAccount,
  readProgress,
  renderJobs,
  waitUntilFinished,
} from './support/videos.js';

vi.setConfig({ testTimeout: 180_000 });

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
      expect(await renderJobs(server.database, video.id)).toEqual([
        { state: 'failed', retry_count: 1 },
      ]);
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
      const video = await createVideo(first.url, cookie, { drawingTime: 6 });
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
