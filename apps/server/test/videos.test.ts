import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Video, VideosPageResponse } from '@rasma/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videos } from '../src/db/schema.js';
import { findOrCreateUserByEmail } from '../src/modules/auth/users.js';
import { applyCreditChange } from '../src/modules/credits/ledger.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { drawing } from './support/videos.js';

// Renders run one at a time on this 2-core machine; a test may wait for a few.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function createForm(
  image: Buffer,
  fileName: string,
  blobData: unknown = { drawingTime: 1 },
  type = 'image/png',
) {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(image)], { type }), fileName);
  form.set('blobData', typeof blobData === 'string' ? blobData : JSON.stringify(blobData));
  return form;
}

const post = (cookie: string, form: FormData) =>
  server.request('/api/videos/create', { method: 'POST', headers: { cookie }, body: form });

async function credits(cookie: string) {
  const res = await server.request('/api/credits', { headers: { cookie } });
  return ((await res.json()) as { credits: number }).credits;
}

async function waitForStatus(cookie: string, id: string, timeoutMs = 90_000): Promise<Video> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.request('/api/videos?page=1', { headers: { cookie } });
    const page = (await res.json()) as VideosPageResponse;
    const video = page.videos.find((v) => v.id === id);
    if (video && video.status !== 'processing') return video;
    if (Date.now() > until) throw new Error(`video ${id} still processing`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const storedFiles = async (folder: string) =>
  readdir(path.join(server.dataDir, 'files', folder)).catch(() => [] as string[]);

describe('making a video', () => {
  it('turns an upload into a finished video the owner can stream, download and delete', async () => {
    const { cookie } = await createSignedInUser(server.database.db, { credits: 40 });
    const res = await post(cookie, createForm(await drawing(), 'My Drawing.final.png'));
    expect(res.status).toBe(201);
    const { video } = (await res.json()) as { video: Video };
    expect(video).toMatchObject({ title: 'My Drawing.final', status: 'processing', progress: 0 });
    expect(await credits(cookie)).toBe(30);

    const done = await waitForStatus(cookie, video.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.durationSeconds).toBeGreaterThan(1);
    expect(await storedFiles('images')).toEqual([]);

    const whole = await server.request(`/api/videos/${video.id}/stream`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp');

    const part = await server.request(`/api/videos/${video.id}/stream`, {
      headers: { cookie, range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const download = await server.request(`/api/videos/${video.id}/download`, {
      headers: { cookie },
    });
    expect(download.headers.get('content-disposition')).toContain(
      'attachment; filename="My Drawing.final.mp4"',
    );
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);

    const thumbnail = await server.request(`/api/thumbnails/${done.thumbnailUrl ?? ''}`, {
      headers: { cookie },
    });
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    // The thumbnail is the finished picture, 640 px on its long side.
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(640);

    const images = await server.request('/api/images', { headers: { cookie } });
    expect(await images.json()).toMatchObject([{ originalName: 'My Drawing.final.png' }]);

    const deleted = await server.request(`/api/videos/${video.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(deleted.status).toBe(200);
    expect(await storedFiles('videos')).toEqual([]);
    expect(
      (await server.request(`/api/videos/${video.id}/stream`, { headers: { cookie } })).status,
    ).toBe(404);
  });

  it('refuses a short balance with 402 and creates nothing', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db, { credits: 14 });
    const imagesBefore = await storedFiles('images');
    const res = await post(
      cookie,
      createForm(await drawing(), 'x.png', { aiModel: 'rasma-ai-color', drawingTime: 1 }),
    );
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ message: 'Insufficient credits' });
    expect(await credits(cookie)).toBe(14);
    const rows = await server.database.db.select().from(videos).where(eq(videos.userId, user.id));
    expect(rows).toEqual([]);
    expect(await storedFiles('images')).toEqual(imagesBefore);
  });
});

describe("another user's video", () => {
  it('is 404 on every video call and 403 on the progress stream', async () => {
    const owner = await createSignedInUser(server.database.db, { credits: 40 });
    const res = await post(owner.cookie, createForm(await drawing(), 'mine.png'));
    const { video } = (await res.json()) as { video: Video };
    const done = await waitForStatus(owner.cookie, video.id);
    const other = await createSignedInUser(server.database.db);
    const headers = { cookie: other.cookie };
    for (const pathname of [
      `/api/videos/${video.id}/stream`,
      `/api/videos/${video.id}/download`,
      `/api/thumbnails/${done.thumbnailUrl ?? ''}`,
    ]) {
      expect((await server.request(pathname, { headers })).status).toBe(404);
    }
    const del = await server.request(`/api/videos/${video.id}`, { method: 'DELETE', headers });
    expect(del.status).toBe(404);
    const stream = await server.request(`/api/video-progress/${owner.user.id}`, { headers });
    expect(stream.status).toBe(403);
  });
});

describe('concurrent creates', () => {
  it('makes exactly as many videos as the balance covers under 20 concurrent creates, reading two at once', async () => {
    // 40 from the sign-up grant, 10 spent: a balance that covers 3 videos, all from the ledger.
    const user = await findOrCreateUserByEmail(
      server.database.db,
      `race-${Date.now()}@example.test`,
    );
    await server.database.db.transaction((tx) =>
      applyCreditChange(tx, {
        userId: user.id,
        delta: -10,
        kind: 'video_debit',
        reason: 'an earlier video',
        idempotencyKey: `earlier:${user.id}`,
      }),
    );
    const cookie = `rasma_session=${(await server.app.sessions.create(user.id)).token}`;
    const image = await drawing();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(cookie, createForm(image, 'race.png'))),
    );
    const statuses = answers.map((r) => r.status);
    // A person's third upload at once is refused before it is read; the rest are debited in turn.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((r) => r.status === 429)) {
      expect(await answer.json()).toMatchObject({ code: 'UPLOAD_BUSY' });
    }
    expect(statuses.every((s) => [201, 402, 429].includes(s))).toBe(true);
    // Then one at a time until the balance is spent: three videos in all, whatever the race made.
    let made = statuses.filter((s) => s === 201).length;
    for (;;) {
      const answer = await post(cookie, createForm(image, 'race.png'));
      if (answer.status !== 201) {
        expect(answer.status).toBe(402);
        break;
      }
      made += 1;
    }
    expect(made).toBe(3);
    const { rows } = await server.database.executeSql(
      `select u.credits as balance,
        (select sum(delta) from credit_ledger where user_id = u.id) as sum,
        (select count(*) from videos where user_id = u.id) as n
        from users u where u.id = $1`,
      [user.id],
    );
    const row = rows[0] as { balance: number; sum: string; n: string } | undefined;
    expect(row?.balance).toBe(0);
    expect(Number(row?.sum)).toBe(row?.balance);
    expect(Number(row?.n)).toBe(3);
  });
});
