/**
 * What one account may take of the server (issue 33): uploads are refused before they are decoded
 * when they could not be used, each person reads two at once, stored images are no larger than a
 * video needs and no larger than they came, projects and waiting uploads fit in a storage quota,
 * and new projects and autosaves are limited. On local files and in an S3 bucket (and, in the
 * PostgreSQL pass, on PostgreSQL).
 */
import {
  STATE_TOO_LARGE_MESSAGE,
  STORAGE_LIMITS,
  TOO_MANY_NEW_PROJECTS_MESSAGE,
  storageFullMessage,
  type Project,
  type StorageUsage,
} from '@rasma/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { images, projects, videos } from '../src/db/schema.js';
import { createSignedInUser } from './support/factories.js';
import { startS3Server, type S3TestServer } from './support/s3.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { slowCreate } from './support/videos.js';

vi.setConfig({ testTimeout: 120_000 });

const FREE_QUOTA = STORAGE_LIMITS.quotaBytes.free;

/** A photo-like picture (noise compresses badly), as JPEG at `quality`. */
const photo = (width: number, height: number, quality = 90) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality })
    .toBuffer();
const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
/** The first half of a real PNG: what decoding would refuse with a 400. */
const cutPng = async () => {
  const whole = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#123456',
      noise: { type: 'gaussian', mean: 100, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return whole.subarray(0, whole.length / 2);
};

function form(field: 'blobData' | 'state', value: unknown, image: Buffer, name = 'photo.jpg') {
  const body = new FormData();
  body.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), name);
  body.set(field, JSON.stringify(value));
  return body;
}

describe.each([
  { storage: 'local files', s3: false },
  { storage: 'an S3 bucket', s3: true },
])('resource limits, with $storage', ({ s3: inBucket }) => {
  let s3: S3TestServer | undefined;
  let server: TestServer;
  beforeAll(async () => {
    s3 = inBucket ? await startS3Server() : undefined;
    server = await startTestServer({
      RENDER_WORKERS: '0',
      ...(s3 ? { STORAGE_URL: s3.newStorageUrl() } : {}),
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  async function person(credits = 40) {
    const { user, cookie } = await createSignedInUser(server.database.db, { credits });
    const call = (pathname: string, init: RequestInit = {}) =>
      server.request(pathname, { ...init, headers: { cookie, ...init.headers } });
    return {
      user,
      cookie,
      call,
      createVideo: (image: Buffer, blobData: unknown = { drawingTime: 1 }) =>
        call('/api/videos/create', { method: 'POST', body: form('blobData', blobData, image) }),
      createProject: (image: Buffer, state: unknown = {}) =>
        call('/api/projects', { method: 'POST', body: form('state', state, image) }),
      save: (id: string, state: unknown) =>
        call(`/api/projects/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ state }),
        }),
      usage: async () => (await (await call('/api/storage')).json()) as StorageUsage,
    };
  }

  /** Counts `bytes` of uploads waiting for a render against the person's quota. */
  const fillQuota = (userId: string, bytes: number) =>
    server.database.db.insert(images).values({
      userId,
      originalName: 'waiting.jpg',
      storageKey: `images/placeholder-${userId}.jpg`,
      mimeType: 'image/jpeg',
      width: 1,
      height: 1,
      sizeBytes: bytes,
    });

  describe('uploads refused before they are decoded', () => {
    // A cut-off image is a 400 once decoded: answering otherwise shows nothing was decoded.
    it('a create with no credits is a 402, not the damaged image it carries', async () => {
      const broke = await person(0);
      const res = await broke.createVideo(await cutPng());
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ message: 'Insufficient credits' });
    });

    it('a colour create with credits for black and white only is a 402 before decoding', async () => {
      const short = await person(10);
      const res = await short.createVideo(await cutPng(), { aiModel: 'rasma-ai-color' });
      expect(res.status).toBe(402);
    });

    it('a create or project with a full quota is a 409 that says so, before decoding', async () => {
      const full = await person();
      await fillQuota(full.user.id, FREE_QUOTA);
      const usage = { usedBytes: FREE_QUOTA, quotaBytes: FREE_QUOTA };
      for (const res of [
        await full.createVideo(await cutPng()),
        await full.createProject(await cutPng()),
      ]) {
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({
          code: 'STORAGE_QUOTA_REACHED',
          message: storageFullMessage(usage),
        });
      }
      expect(await full.usage()).toEqual(usage);
    });
  });

  describe('the decode queue', () => {
    it('holds two uploads of a person at once and refuses a third with a 429 until one is done', async () => {
      const me = await person(1000);
      const image = await photo(320, 240);
      /** An upload held half sent, told apart once answered (a 429 if it came while two were in). */
      const hold = () => {
        const upload = { ...slowCreate(server.url, me.cookie, image), refused: false };
        void upload.answer.then((answer) => (upload.refused = answer.status === 429));
        return upload;
      };
      const held = [hold(), hold()];
      try {
        // Until both held uploads are in, a third is read (and refused for its broken settings, so
        // it leaves nothing); once they are, it is refused before it is read. A held upload that
        // came while a third was being read was itself refused: it is sent again. Waited for
        // within a generous bound, as how soon they are in depends on the machine and database.
        const until = Date.now() + 60_000;
        let third = await me.createVideo(image, 'not json');
        while (third.status === 400 && Date.now() < until) {
          held.forEach((upload, i) => upload.refused && (held[i] = hold()));
          third = await me.createVideo(image, 'not json');
        }
        expect(third.status).toBe(429);
        expect(third.headers.get('retry-after')).toBeTruthy();
        expect(await third.json()).toMatchObject({ code: 'UPLOAD_BUSY' });
        // Somebody else is not held up by them.
        expect((await (await person()).createVideo(image)).status).toBe(201);
      } finally {
        for (const upload of held) upload.finish();
      }
      const answers = await Promise.all(held.map((upload) => upload.answer));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      expect((await me.createVideo(image)).status).toBe(201);
    });
  });

  describe('stored images', () => {
    it(`are kept at most ${STORAGE_LIMITS.imageLongSide} px long, with zones scaled to them`, async () => {
      const me = await person();
      const big = await photo(5000, 2500, 80);
      const zone = { id: '1', points: [{ x: 4000, y: 2000 }], brushSize: 50 };
      const res = await me.createVideo(big, { drawingTime: 1, strokeMasks: [zone] });
      expect(res.status).toBe(201);
      const { video } = (await res.json()) as { video: { id: string } };
      const [row] = await server.database.db
        .select({
          width: images.width,
          height: images.height,
          sizeBytes: images.sizeBytes,
          options: videos.options,
        })
        .from(videos)
        .innerJoin(images, eq(images.id, videos.imageId))
        .where(eq(videos.id, video.id));
      expect(row).toMatchObject({ width: 3840, height: 1920 });
      expect(row!.sizeBytes).toBeLessThanOrEqual(big.length);
      const scale = 3840 / 5000;
      expect((row!.options as { strokeMasks: unknown[] }).strokeMasks[0]).toMatchObject({
        points: [{ x: 4000 * scale, y: 2000 * scale }],
        brushSize: 50 * scale,
      });

      const project = (await (await me.createProject(big)).json()) as Project;
      const kept = Buffer.from(await (await me.call(project.imageUrl)).arrayBuffer());
      expect(await sharp(kept).metadata()).toMatchObject({ width: 3840, height: 1920 });
    });

    it('take no more bytes than they came in, for a photo saved at a low quality', async () => {
      const me = await person();
      const low = await photo(1600, 1200, 60);
      const project = (await (await me.createProject(low)).json()) as Project;
      const kept = Buffer.from(await (await me.call(project.imageUrl)).arrayBuffer());
      expect(kept.length).toBeLessThanOrEqual(low.length);
      expect(await sharp(kept).metadata()).toMatchObject({ width: 1600, height: 1200 });
    });
  });

  describe('the storage quota', () => {
    it("counts a project's image, thumbnail and state, and refuses what would not fit, keeping nothing", async () => {
      const me = await person();
      expect(await me.usage()).toEqual({ usedBytes: 0, quotaBytes: FREE_QUOTA });
      const state = { inverted: true };
      const project = (await (await me.createProject(await smallPng(), state)).json()) as Project;
      const [row] = await server.database.db
        .select({ fileBytes: projects.fileBytes })
        .from(projects)
        .where(eq(projects.id, project.id));
      const { usedBytes } = await me.usage();
      expect(row!.fileBytes).toBeGreaterThan(0);
      expect(usedBytes).toBe(row!.fileBytes + JSON.stringify(project.state).length);

      // Room for a few bytes only: the next image is refused once read, and nothing is kept.
      await fillQuota(me.user.id, FREE_QUOTA - usedBytes - 10);
      const refused = await me.createProject(await photo(400, 300));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'STORAGE_QUOTA_REACHED' });
      const kept = await server.database.db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.userId, me.user.id));
      expect(kept).toHaveLength(1);
      expect((await me.usage()).usedBytes).toBe(FREE_QUOTA - 10);
    });

    it(`limits new projects to ${STORAGE_LIMITS.newProjectsPerDay} a day, deleted ones included`, async () => {
      const me = await person();
      const image = await smallPng();
      for (let i = 0; i < STORAGE_LIMITS.newProjectsPerDay; i += 1) {
        const made = (await (await me.createProject(image)).json()) as Project;
        await me.call(`/api/projects/${made.id}`, { method: 'DELETE' });
      }
      const refused = await me.createProject(image);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(24 * 60 * 60));
      expect(await refused.json()).toEqual({
        code: 'TOO_MANY_NEW_PROJECTS',
        message: TOO_MANY_NEW_PROJECTS_MESSAGE,
      });
    });

    it(`limits autosaves to ${STORAGE_LIMITS.savesPerMinute} a minute and states to ${STORAGE_LIMITS.maxStateBytes} bytes`, async () => {
      const me = await person();
      const project = (await (await me.createProject(await smallPng())).json()) as Project;
      const tooBig = {
        zones: [
          {
            id: '1',
            brushSize: 20,
            points: Array.from({ length: 40_000 }, (_, i) => ({ x: i, y: i })),
          },
        ],
      };
      const big = await me.save(project.id, tooBig);
      expect(big.status).toBe(413);
      expect(await big.json()).toEqual({
        code: 'STATE_TOO_LARGE',
        message: STATE_TOO_LARGE_MESSAGE,
      });

      const statuses: number[] = [];
      for (let i = 0; i <= STORAGE_LIMITS.savesPerMinute; i += 1) {
        statuses.push((await me.save(project.id, { inverted: i % 2 === 0 })).status);
      }
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
