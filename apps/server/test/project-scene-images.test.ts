import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import {
  STORAGE_LIMITS,
  STORY_MESSAGES,
  UNSUPPORTED_IMAGE_MESSAGE,
  type Project,
  type ProjectSceneImage,
  type ProjectSceneInput,
  type StorageUsage,
} from '@rasma/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudio, projectSceneImages } from '../src/db/schema.js';
import { recordHit } from '../src/limits/rate-limiter.js';
import { SCENE_IMAGE_UPLOADS, sceneImageUploadsKey } from '../src/modules/projects/scene-images.js';
import { deleteExpiredFiles } from '../src/modules/retention/cleanup.js';
import { createLocalStorage } from '../src/storage/local-storage.js';
import { createSignedInUser } from './support/factories.js';
import { newProject, smallPng } from './support/projects.js';
import { clientOf } from './support/http.js';
import { ownTempDir } from './support/temp-dir.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const tempDir = ownTempDir('rasma-scene-images-test-');
const { uploadFolders } = tempDir;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
});
afterAll(() => server.close());

const HOUR = 60 * 60 * 1000;

/** A photo 80 wide and 40 high as stored, to be shown turned a quarter (EXIF 6), with a comment. */
const sidewaysPhoto = () =>
  sharp({ create: { width: 80, height: 40, channels: 3, background: '#cc6633' } })
    .withMetadata({ orientation: 6, exif: { IFD0: { ImageDescription: 'my kitchen' } } })
    .jpeg()
    .toBuffer();

const projectFiles = () =>
  readdir(path.join(server.dataDir, 'files', 'projects')).catch(() => [] as string[]);
const filesOf = async (projectId: string) =>
  (await projectFiles()).filter((name) => name.startsWith(projectId)).sort();

function imageForm(bytes: Buffer, fileName: string) {
  const body = new FormData();
  body.set('image', new Blob([new Uint8Array(bytes)]), fileName);
  return body;
}

/** A story's scene of the project with this picture. */
const scene = (id: string, picture: ProjectSceneInput['picture']): ProjectSceneInput => ({
  id,
  picture,
});

async function person() {
  const { cookie, user } = await createSignedInUser(server.database.db);
  const { call, json } = clientOf(server, cookie);
  return {
    user,
    call,
    project: () => newProject(json),
    upload: (projectId: string, bytes: Buffer, fileName = 'scene.jpg') =>
      json<ProjectSceneImage & { code?: string; message?: string }>(
        `/api/projects/${projectId}/images`,
        { method: 'POST', body: imageForm(bytes, fileName) },
      ),
    save: (projectId: string, scenes: ProjectSceneInput[]) =>
      json<{ code?: string; message?: string }>(`/api/projects/${projectId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ state: { scenes } }),
      }),
    opened: async (projectId: string) => (await json<Project>(`/api/projects/${projectId}`)).body,
    sceneImages: async (projectId: string) =>
      (await json<Project>(`/api/projects/${projectId}`)).body.sceneImages,
    usedBytes: async () => (await json<StorageUsage>('/api/storage')).body.usedBytes,
  };
}

describe("a project's scene images", () => {
  it('are kept upright without metadata, listed with the project, counted and sent to the owner only', async () => {
    const me = await person();
    const project = await me.project();
    const usage = await me.usedBytes();

    const uploaded = await me.upload(project.id, await sidewaysPhoto(), 'kitchen.jpg');
    expect(uploaded.status).toBe(201);
    const image = uploaded.body;
    // Turned as it is shown: 40 wide and 80 high.
    expect(image).toMatchObject({ width: 40, height: 80, fileName: 'kitchen.jpg' });
    expect(image.url).toBe(`/api/projects/${project.id}/images/${image.imageId}`);
    expect(await me.sceneImages(project.id)).toEqual([image]);
    expect(await me.usedBytes()).toBe(usage + image.bytes);

    const sent = await me.call(image.url);
    expect(sent.status).toBe(200);
    expect(sent.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await sent.arrayBuffer());
    expect(bytes.length).toBe(image.bytes);
    const kept = await sharp(bytes).metadata();
    expect(kept).toMatchObject({ width: 40, height: 80 });
    expect(kept.orientation).toBeUndefined();
    expect(kept.exif).toBeUndefined();

    const someoneElse = await person();
    expect((await someoneElse.call(image.url)).status).toBe(404);
    expect((await someoneElse.upload(project.id, await smallPng())).status).toBe(404);
    const theirs = await someoneElse.project();
    // Their own project does not open another's image either.
    expect(
      (await someoneElse.call(`/api/projects/${theirs.id}/images/${image.imageId}`)).status,
    ).toBe(404);
    expect(await uploadFolders()).toEqual([]);
  });

  it('are named by the saved scenes; another project’s image, or none, is refused', async () => {
    const me = await person();
    const project = await me.project();
    const other = await me.project();
    const mine = (await me.upload(project.id, await smallPng(), 'mine.png')).body;
    const elsewhere = (await me.upload(other.id, await smallPng(), 'elsewhere.png')).body;

    const saved = await me.save(project.id, [
      scene('first', 'project'),
      scene('second', { imageId: mine.imageId }),
      scene('title', 'blank'),
    ]);
    expect(saved.status).toBe(200);
    const refused = {
      code: 'VALIDATION_ERROR',
      message: `state.scenes: ${STORY_MESSAGES.unknownSceneImage}`,
    };
    for (const imageId of [elsewhere.imageId, crypto.randomUUID()]) {
      expect(await me.save(project.id, [scene('second', { imageId })])).toEqual({
        status: 400,
        body: refused,
      });
    }
    // A story past the length a video may have is saved: it is being worked on.
    const long = Array.from({ length: 7 }, (_, i) => ({
      ...scene(`long-${i}`, 'blank'),
      drawingTime: 100,
    }));
    expect((await me.save(other.id, long)).status).toBe(200);

    // The state saved last is still the project's.
    const reopened = await me.opened(project.id);
    expect(reopened.state.scenes?.map((s) => s.picture)).toEqual([
      'project',
      { imageId: mine.imageId },
      'blank',
    ]);
  });

  it('are refused when they are not an image, or would not fit in the quota, keeping nothing', async () => {
    const me = await person();
    const project = await me.project();
    const files = await filesOf(project.id);

    const notAnImage = await me.upload(project.id, Buffer.from('hello\n'.repeat(30)), 'a.png');
    expect(notAnImage).toEqual({
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_IMAGE_MESSAGE },
    });

    // The music track (a row only) fills the free plan's quota but for 100 bytes.
    const quota = STORAGE_LIMITS.quotaBytes.free;
    await server.database.db.insert(projectAudio).values({
      projectId: project.id,
      track: 'music',
      storageKey: `projects/${project.id}.music.${crypto.randomUUID()}`,
      fileName: 'big.wav',
      bytes: quota - (await me.usedBytes()) - 100,
      durationSeconds: 300,
    });
    const full = await me.upload(project.id, await smallPng());
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'STORAGE_QUOTA_REACHED' });
    expect(await me.sceneImages(project.id)).toEqual([]);
    expect(await filesOf(project.id)).toEqual(files);
    expect(await uploadFolders()).toEqual([]);
  });

  it(`are refused past ${SCENE_IMAGE_UPLOADS.max} uploads in an hour`, async () => {
    const me = await person();
    const project = await me.project();
    for (let i = 0; i < SCENE_IMAGE_UPLOADS.max; i++) {
      await recordHit(server.database.db, sceneImageUploadsKey(me.user.id));
    }
    expect(await me.upload(project.id, await smallPng())).toEqual({
      status: 429,
      body: { code: 'RATE_LIMITED', message: SCENE_IMAGE_UPLOADS.message },
    });
    expect(await me.sceneImages(project.id)).toEqual([]);
  });

  it('close the connection of an upload refused before it is read, which could hold a stop open', async () => {
    const me = await person();
    const project = await me.project();
    for (let i = 0; i < SCENE_IMAGE_UPLOADS.max; i++) {
      await recordHit(server.database.db, sceneImageUploadsKey(me.user.id));
    }
    // Far more than a socket's buffers: the refusal comes while the body is still on its way.
    const big = imageForm(Buffer.alloc(15 * 1024 * 1024), 'big.png');
    const refused = await me.call(`/api/projects/${project.id}/images`, {
      method: 'POST',
      body: big,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('connection')).toBe('close');
    const read = await me.call(`/api/projects/${project.id}`);
    expect(read.headers.get('connection')).not.toBe('close');
  });

  it('are deleted with their project', async () => {
    const me = await person();
    const project = await me.project();
    await me.upload(project.id, await smallPng());
    await me.upload(project.id, await sidewaysPhoto());
    expect(await filesOf(project.id)).toHaveLength(4);
    expect((await me.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await filesOf(project.id)).toEqual([]);
    expect(await me.usedBytes()).toBe(0);
  });

  it('are cleaned up once no saved scene has named them for a day', async () => {
    const me = await person();
    const project = await me.project();
    const named = (await me.upload(project.id, await smallPng(), 'named.png')).body;
    const dropped = (await me.upload(project.id, await smallPng(), 'dropped.png')).body;
    const fresh = (await me.upload(project.id, await smallPng(), 'fresh.png')).body;
    await me.save(project.id, [scene('one', { imageId: named.imageId })]);
    // The first two were last named (or uploaded) over a day ago; the third an hour ago.
    const age = (imageId: string, ms: number) =>
      server.database.db
        .update(projectSceneImages)
        .set({ namedAt: new Date(Date.now() - ms) })
        .where(eq(projectSceneImages.id, imageId));
    await age(named.imageId, 25 * HOUR);
    await age(dropped.imageId, 25 * HOUR);
    await age(fresh.imageId, HOUR);

    const report = await deleteExpiredFiles({
      db: server.database.db,
      storage: createLocalStorage(path.join(server.dataDir, 'files')),
      tempDir: tempDir.path(),
    });
    expect(report.unnamedSceneImages).toBe(1);
    const left = (await me.sceneImages(project.id)).map((image) => image.fileName).sort();
    expect(left).toEqual(['fresh.png', 'named.png']);
    expect((await me.call(dropped.url)).status).toBe(404);
    expect((await filesOf(project.id)).filter((name) => name.includes(dropped.imageId))).toEqual(
      [],
    );
  });

  it('lose a file no row names once it is an hour old, keeping the named ones', async () => {
    const me = await person();
    const project = await me.project();
    const image = (await me.upload(project.id, await smallPng())).body;
    const storage = createLocalStorage(path.join(server.dataDir, 'files'));
    const stray = `projects/${project.id}.scene.${crypto.randomUUID()}`;
    await storage.put(stray, Buffer.from('left by a failure'), 'image/png');
    const old = new Date(Date.now() - 2 * HOUR);
    for (const name of await filesOf(project.id)) {
      await utimes(path.join(server.dataDir, 'files', 'projects', name), old, old);
    }

    await deleteExpiredFiles({ db: server.database.db, storage, tempDir: tempDir.path() });
    expect(await filesOf(project.id)).not.toContain(path.basename(stray));
    expect((await me.call(image.url)).status).toBe(200);
  });
});
