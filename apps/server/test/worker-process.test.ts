import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Video, VideoProgressEvent } from '@rasma/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { videos } from '../src/db/schema.js';
import { findOrCreateUserByEmail } from '../src/modules/auth/users.js';
import { openStorage } from '../src/storage/open-storage.js';
import { expectSettled } from './support/settled.js';
import { startTestServer } from './support/test-server.js';

vi.setConfig({ testTimeout: 300_000 });

const serverDir = path.resolve(import.meta.dirname, '..');
const workers = new Set<ChildProcess>();
afterAll(() => {
  for (const worker of workers) killGroup(worker);
});

/** `npm run worker` as a process of its own (its render processes in its process group). */
function startWorker(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
    detached: true,
  });
  workers.add(child);
  child.once('exit', () => workers.delete(child));
  return child;
}

/** SIGKILL for the worker and the renders it started, as when its machine dies. */
function killGroup(child: ChildProcess) {
  if (child.pid) process.kill(-child.pid, 'SIGKILL');
}

// A separate worker process needs PostgreSQL (the embedded database serves one process).
describe.runIf(process.env.TEST_DATABASE_URL)('a separate render worker (PostgreSQL)', () => {
  it('killed mid-render leaves no video stuck and no credit lost or doubled', async () => {
    const server = await startTestServer({ RENDER_WORKERS: '0', RENDER_EXPIRY_SECONDS: '5' });
    try {
      const env = {
        DATABASE_URL: server.config.databaseUrl ?? '',
        DATA_DIR: server.dataDir,
      };
      const user = await findOrCreateUserByEmail(server.database.db, `w${Date.now()}@example.test`);
      const cookie = `rasma_session=${(await server.app.sessions.create(user.id)).token}`;
      const first = startWorker(env);

      // Progress from the worker process reaches this server's stream through the database.
      const stream = await fetch(new URL(`/api/video-progress/${user.id}`, server.url), {
        headers: { cookie },
      });
      const form = new FormData();
      const image = await sharp({
        create: { width: 320, height: 240, channels: 3, background: '#fff' },
      })
        .composite([
          {
            input: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><circle cx="160" cy="120" r="90" fill="none" stroke="#000" stroke-width="8"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();
      form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'ring.png');
      form.set('blobData', JSON.stringify({ drawingTime: 3 }));
      const created = await server.request('/api/videos/create', {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      expect(created.status).toBe(201);
      const { video } = (await created.json()) as { video: Video };
      await firstEvent(stream, (e) => e.videoId === video.id && e.progress > 0);
      killGroup(first);

      startWorker(env);
      const finishBy = Date.now() + (5 + 10 * 3 + 60) * 1000 + 60_000;
      let row;
      do {
        await new Promise((resolve) => setTimeout(resolve, 500));
        [row] = await server.database.db.select().from(videos).where(eq(videos.id, video.id));
      } while (row?.status === 'processing' && Date.now() < finishBy);
      expect(row?.status).toBe('completed');

      // Charged once, never refunded; one finished file of each kind and the upload gone.
      const storage = await openStorage(server.config);
      expect(await expectSettled(server.database, storage, user.id)).toEqual(
        new Map([[video.id, 'completed']]),
      );
      const later = new Date(Date.now() + 60_000);
      expect(await storage.keysOlderThan('videos', later)).toEqual([`videos/${video.id}.mp4`]);
      expect(await storage.keysOlderThan('thumbnails', later)).toEqual([
        `thumbnails/${video.id}.jpg`,
      ]);
    } finally {
      for (const worker of workers) killGroup(worker);
      await server.close();
    }
  });
});

async function firstEvent(res: Response, match: (event: VideoProgressEvent) => boolean) {
  if (!res.body) throw new Error('no stream');
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    text += new TextDecoder().decode(value);
    for (const [, data] of text.matchAll(/^data: (.*)$/gm)) {
      if (data && match(JSON.parse(data) as VideoProgressEvent)) {
        await reader.cancel();
        return;
      }
    }
  }
}
