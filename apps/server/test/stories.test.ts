import path from 'node:path';
import {
  IMAGE_LIMITS,
  MODEL_CREDIT_COST,
  STORY_LIMITS,
  STORY_MESSAGES,
  UNSUPPORTED_IMAGE_MESSAGE,
  storyScenesSchema,
  type StorageUsage,
  type StorySceneInput,
  type UserLookupResponse,
  type Video,
  type VideosPageResponse,
} from '@rasma/contract';
import { storySeconds } from '@rasma/engine/outline';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { images, uploadScenePictures, videos } from '../src/db/schema.js';
import { deleteExpiredFiles, RETENTION_LIMITS } from '../src/modules/retention/cleanup.js';
import { createLocalStorage } from '../src/storage/local-storage.js';
import { oversizedUpload } from './support/audio.js';
import { createSignedInUser } from './support/factories.js';
import { clientOf } from './support/http.js';
import { ownTempDir } from './support/temp-dir.js';
import {
  startTestServer,
  storedUploads,
  waitingAndRenderingServers,
  type TestServer,
} from './support/test-server.js';
import { boxImage, drawing, waitUntilFinished } from './support/videos.js';

// A story's render waits for the one before it on this 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

const tempDir = ownTempDir('rasma-story-test-');
const { uploadFolders } = tempDir;
const servers = waitingAndRenderingServers();

/** A picture scene, a title card (a blank board with text), a picture scene. */
const STORY: StorySceneInput[] = [
  {
    id: 'box',
    picture: 'image',
    drawingTime: 1,
    holdSeconds: 0.5,
    transition: { kind: 'camera', seconds: 0.5 },
  },
  {
    id: 'title',
    picture: 'blank',
    drawingTime: 1,
    holdSeconds: 0.4,
    texts: [{ id: 'line', text: 'Then, a circle', x: 0.5, y: 0.5 }],
    transition: { kind: 'cut' },
  },
  { id: 'circle', picture: 'scene-2', drawingTime: 1, holdSeconds: 0.6 },
];

type Files = Record<string, { bytes: Buffer; fileName: string }>;

async function storyFiles(): Promise<Files> {
  return {
    image: { bytes: await boxImage(), fileName: 'box.png' },
    'scene-2': {
      bytes: await sharp(await drawing())
        .jpeg()
        .toBuffer(),
      fileName: 'circle.jpg',
    },
  };
}

function storyForm(scenes: StorySceneInput[], files: Files) {
  const form = new FormData();
  form.set('blobData', JSON.stringify({ scenes }));
  for (const [field, file] of Object.entries(files)) {
    form.set(field, new Blob([new Uint8Array(file.bytes)]), file.fileName);
  }
  return form;
}

async function person(server: TestServer) {
  const { cookie, user } = await createSignedInUser(server.database.db, { credits: 100 });
  const { call, json } = clientOf(server, cookie);
  return {
    user,
    call,
    json,
    create: (scenes: StorySceneInput[], files: Files) =>
      json<{ video: Video; code?: string; message?: string }>('/api/videos/create', {
        method: 'POST',
        body: storyForm(scenes, files),
      }),
    credits: async () => (await json<{ credits: number }>('/api/credits')).body.credits,
    usedBytes: async () => (await json<StorageUsage>('/api/storage')).body.usedBytes,
    videoRows: () => server.database.db.select().from(videos).where(eq(videos.userId, user.id)),
  };
}

const picturePrice = MODEL_CREDIT_COST['rasma-ai'];

describe('a story', () => {
  it('is one video of its three scenes, priced by its pictures, as long as the engine says', async () => {
    const me = await person(servers.rendering);
    const created = await me.create(STORY, await storyFiles());
    expect(created.status).toBe(201);
    expect(created.body.video).toMatchObject({ status: 'processing', sceneCount: 3, title: 'box' });
    // Two pictures at the model's price; the title card is free.
    expect(await me.credits()).toBe(100 - 2 * picturePrice);

    const done = await waitUntilFinished(servers.rendering.database, created.body.video.id);
    expect(done).toMatchObject({ status: 'completed', error: null, sceneCount: 3 });
    const page = (await me.json<VideosPageResponse>('/api/videos?page=1')).body;
    const [video] = page.videos;
    expect(video).toMatchObject({ id: done.id, status: 'completed', sceneCount: 3 });
    const expected = storySeconds(storyScenesSchema.parse(STORY), false);
    expect(video?.durationSeconds).toBeCloseTo(expected, 3);
    const mp4 = Buffer.from(await (await me.call(`/api/videos/${done.id}/download`)).arrayBuffer());
    expect(mp4.subarray(4, 8).toString()).toBe('ftyp');

    // Made: its pictures are gone and count no more.
    const stored = await servers.rendering.database.db
      .select()
      .from(uploadScenePictures)
      .where(eq(uploadScenePictures.imageId, done.imageId ?? ''));
    expect(stored).toEqual([]);
    expect(await storedUploads(servers.rendering)).toEqual([]);
    expect(await me.usedBytes()).toBe(0);

    const admin = await createSignedInUser(servers.rendering.database.db, { isAdmin: true });
    const lookup = await clientOf(servers.rendering, admin.cookie).json<UserLookupResponse>(
      `/api/admin/user/${encodeURIComponent(me.user.email)}`,
    );
    expect(lookup.body.videos).toMatchObject([{ id: done.id, sceneCount: 3 }]);
  });

  it('keeps each picture under its own key while the video waits, counted against the quota', async () => {
    const me = await person(servers.waiting);
    const files = await storyFiles();
    const created = await me.create(STORY, files);
    expect(created.status).toBe(201);
    const [row] = await me.videoRows();
    const pictures = await servers.waiting.database.db
      .select()
      .from(uploadScenePictures)
      .where(eq(uploadScenePictures.imageId, row?.imageId ?? ''));
    // By scene: the first and the third; the title card has none.
    expect(pictures.map((p) => [p.sceneIndex, p.mimeType]).sort()).toEqual([
      [0, 'image/png'],
      [2, 'image/jpeg'],
    ]);
    const stored = await storedUploads(servers.waiting);
    for (const picture of pictures) expect(stored).toContain(path.basename(picture.storageKey));
    expect(await me.usedBytes()).toBe(pictures.reduce((sum, p) => sum + p.bytes, 0));
    expect(await uploadFolders()).toEqual([]);
  });

  it('of blank boards only costs one scene and stores no picture', async () => {
    const me = await person(servers.waiting);
    const before = await storedUploads(servers.waiting);
    const titleCard = STORY[1]!;
    const created = await me.create([titleCard, { ...titleCard, id: 'again' }], {});
    expect(created.status).toBe(201);
    expect(created.body.video).toMatchObject({ sceneCount: 2, title: 'Then, a circle' });
    expect(await me.credits()).toBe(100 - picturePrice);
    expect(await storedUploads(servers.waiting)).toEqual(before);
    expect(await me.usedBytes()).toBe(0);
  });

  const notAnImage = { bytes: Buffer.from('not a picture\n'.repeat(50)), fileName: 'notes.png' };
  it.each([
    [
      'a picture a scene names is not sent',
      async (files: Files) => ({ image: files.image! }),
      400,
      { code: 'VALIDATION_ERROR', message: STORY_MESSAGES.missingPicture('scene-2') },
    ],
    [
      'a picture no scene names is sent',
      async (files: Files) => ({ ...files, 'scene-7': files.image! }),
      400,
      { code: 'VALIDATION_ERROR', message: STORY_MESSAGES.unusedPicture('scene-7') },
    ],
    [
      "a scene's picture is not an image",
      async (files: Files) => ({ ...files, 'scene-2': notAnImage }),
      415,
      { code: 'UNSUPPORTED_MEDIA_TYPE', message: `scene-2: ${UNSUPPORTED_IMAGE_MESSAGE}` },
    ],
    [
      "a scene's picture is cut short",
      async (files: Files) => ({
        ...files,
        'scene-2': { bytes: files['scene-2']!.bytes.subarray(0, 2000), fileName: 'cut.jpg' },
      }),
      400,
      { code: 'BAD_IMAGE', message: 'scene-2: The image file is damaged or truncated.' },
    ],
  ])('is refused when %s, charging and keeping nothing', async (_name, files, status, answer) => {
    const me = await person(servers.waiting);
    const before = await storedUploads(servers.waiting);
    const refused = await me.create(STORY, await files(await storyFiles()));
    expect(refused).toEqual({ status, body: answer });
    expect(await me.credits()).toBe(100);
    expect(await me.videoRows()).toEqual([]);
    expect(await me.usedBytes()).toBe(0);
    expect(await storedUploads(servers.waiting)).toEqual(before);
    expect(await uploadFolders()).toEqual([]);
  });

  it(`is refused past ${STORY_LIMITS.maxTotalSeconds / 60} minutes, charging nothing`, async () => {
    const me = await person(servers.waiting);
    const titleCard = STORY[1]!;
    const long = Array.from({ length: 7 }, (_, i) => ({
      ...titleCard,
      id: `long-${i}`,
      drawingTime: 100,
    }));
    const refused = await me.create(long, {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(STORY_MESSAGES.tooLong);
    expect(await me.credits()).toBe(100);
    expect(await me.videoRows()).toEqual([]);
  });

  it("holds each scene's picture to the image's limit as it arrives", async () => {
    const me = await person(servers.waiting);
    const files = await storyFiles();
    const upload = oversizedUpload('scene-2', 3 * IMAGE_LIMITS.maxBytes, [
      { name: 'blobData', value: JSON.stringify({ scenes: STORY }) },
      { name: 'image', value: files.image!.bytes, fileName: files.image!.fileName },
    ]);
    const refused = await me.call('/api/videos/create', upload.init);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
    // Refused on its way: far less than the whole picture was sent.
    expect(upload.sent()).toBeLessThan(2 * IMAGE_LIMITS.maxBytes);
    expect(await me.credits()).toBe(100);
    expect(await me.videoRows()).toEqual([]);
    expect(await uploadFolders()).toEqual([]);
  });
});

describe('a story that cannot be made', () => {
  it('is refunded whole once its render has failed, and its pictures are deleted', async () => {
    // An ffmpeg that cannot run: every try fails the same way.
    const failing = await startTestServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    try {
      const me = await person(failing);
      const created = await me.create(STORY, await storyFiles());
      expect(created.status).toBe(201);
      expect(await me.credits()).toBe(100 - 2 * picturePrice);
      const failed = await waitUntilFinished(failing.database, created.body.video.id);
      expect(failed.status).toBe('failed');
      expect(await me.credits()).toBe(100);
      expect(await storedUploads(failing)).toEqual([]);
      expect(await me.usedBytes()).toBe(0);
    } finally {
      await failing.close();
    }
  });

  it('loses its pictures to the clean-up when its render has waited too long', async () => {
    const me = await person(servers.waiting);
    const created = await me.create(STORY, await storyFiles());
    expect(created.status).toBe(201);
    const [row] = await me.videoRows();
    await servers.waiting.database.db
      .update(images)
      .set({ uploadedAt: new Date(Date.now() - RETENTION_LIMITS.maxUploadMs - 60_000) })
      .where(eq(images.id, row?.imageId ?? ''));
    const kept = (await storedUploads(servers.waiting)).length;

    const report = await deleteExpiredFiles({
      db: servers.waiting.database.db,
      storage: createLocalStorage(path.join(servers.waiting.dataDir, 'files')),
      tempDir: tempDir.path(),
    });
    expect(report.uploads).toBeGreaterThanOrEqual(1);
    expect(await storedUploads(servers.waiting)).toHaveLength(kept - 2);
    expect(await me.usedBytes()).toBe(0);
  });
});
