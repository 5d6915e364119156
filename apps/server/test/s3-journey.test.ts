/**
 * The server with its files in an S3 bucket (STORAGE_URL), against a real S3-compatible server:
 * nothing reaches the local disk, the render worker fetches the upload from the bucket and stores
 * its results there, streaming keeps HTTP Range, and deleting and the retention clean-up empty the
 * bucket.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { images } from '../src/db/schema.js';
import { deleteExpiredFiles } from '../src/modules/retention/cleanup.js';
import { RENDER_TEMP_PREFIX } from '../src/render/runner.js';
import { openStorage } from '../src/storage/open-storage.js';
import { createSignedInUser } from './support/factories.js';
import { bucketOf, startS3Server, type S3TestServer } from './support/s3.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { createVideo, waitUntilFinished } from './support/videos.js';

vi.setConfig({ testTimeout: 120_000 });

const HOUR = 60 * 60 * 1000;

let s3: S3TestServer;
let server: TestServer;
let storageUrl: string;
/** The temp dir renders see, to find what they leave behind. */
let renderTemp: string;
beforeAll(async () => {
  s3 = await startS3Server();
  storageUrl = s3.newStorageUrl();
  server = await startTestServer({ STORAGE_URL: storageUrl });
  renderTemp = await mkdtemp(path.join(tmpdir(), 'rasma-s3-journey-'));
  vi.stubEnv('TMPDIR', renderTemp);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  await s3?.close();
  if (renderTemp) await rm(renderTemp, { recursive: true, force: true });
});

const bucketKeys = () => s3.keys(bucketOf(storageUrl));
async function objectBytes(key: string): Promise<Buffer> {
  const { Body } = await s3.client.send(
    new GetObjectCommand({ Bucket: bucketOf(storageUrl), Key: key }),
  );
  return Buffer.from((await Body?.transformToByteArray()) ?? []);
}

describe('files in an S3 bucket', () => {
  it('makes a video from the bucket, streams it with ranges, and deletes it from the bucket', async () => {
    const { cookie } = await createSignedInUser(server.database.db, { credits: 40 });
    const video = await createVideo(server.url, cookie);
    const done = await waitUntilFinished(server.database, video.id);
    expect(done.status).toBe('completed');
    // The upload was fetched from the bucket and deleted there; the results went back to it.
    const [videoKey, thumbnailKey] = [`videos/${video.id}.mp4`, `thumbnails/${video.id}.jpg`];
    expect(await bucketKeys()).toEqual([thumbnailKey, videoKey]);
    expect(existsSync(path.join(server.dataDir, 'files'))).toBe(false);
    // The render's private folder is gone with it (tsx, when it runs the source, keeps a cache here).
    const renderFolders = (await readdir(renderTemp)).filter((name) =>
      name.startsWith(RENDER_TEMP_PREFIX),
    );
    expect(renderFolders).toEqual([]);

    const stored = await objectBytes(videoKey);
    const size = stored.length;
    const stream = (range?: string) =>
      server.request(`/api/videos/${video.id}/stream`, {
        headers: { cookie, ...(range ? { range } : {}) },
      });
    const whole = await stream();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(size));
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(stored);

    const part = await stream('bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(stored.subarray(100, 200));
    const tail = await stream('bytes=-50');
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(stored.subarray(size - 50));
    const outside = await stream(`bytes=${size}-`);
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);

    const download = await server.request(`/api/videos/${video.id}/download`, {
      headers: { cookie },
    });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="box.mp4"/);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(stored);
    const thumbnail = await server.request(`/api/thumbnails/${video.id}.jpg`, {
      headers: { cookie },
    });
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await thumbnail.arrayBuffer())).toEqual(await objectBytes(thumbnailKey));

    // Another user reaches none of it.
    const other = await createSignedInUser(server.database.db);
    for (const pathname of [
      `/api/videos/${video.id}/stream`,
      `/api/videos/${video.id}/download`,
      `/api/thumbnails/${video.id}.jpg`,
    ]) {
      expect((await server.request(pathname, { headers: { cookie: other.cookie } })).status).toBe(
        404,
      );
    }

    const deleted = await server.request(`/api/videos/${video.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(deleted.status).toBe(200);
    expect(await bucketKeys()).toEqual([]);
  });

  it('has the retention clean-up delete expired uploads and orphan files from the bucket', async () => {
    const storage = await openStorage({ dataDir: server.dataDir, storageUrl });
    const { user } = await createSignedInUser(server.database.db);
    const imageId = randomUUID();
    const upload = `images/${imageId}.png`;
    await storage.put(upload, Buffer.from('an upload no render waits for'), 'image/png');
    await server.database.db.insert(images).values({
      id: imageId,
      userId: user.id,
      originalName: 'drawing.png',
      storageKey: upload,
      mimeType: 'image/png',
      width: 10,
      height: 10,
      sizeBytes: 29,
    });
    const orphan = `images/${randomUUID()}.png`;
    await storage.put(orphan, Buffer.from('a file without a row'), 'image/png');
    const kept = `videos/${randomUUID()}.mp4`;
    await storage.put(kept, Buffer.from('videos stay'), 'video/mp4');

    const tempDir = await mkdtemp(path.join(tmpdir(), 'rasma-s3-retention-'));
    try {
      // Two hours on, both uploads are past their hour.
      const report = await deleteExpiredFiles(
        { db: server.database.db, storage, tempDir },
        new Date(Date.now() + 2 * HOUR),
      );
      expect(report).toMatchObject({ uploads: 1, orphanFiles: 1 });
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
    expect(await bucketKeys()).toEqual([kept]);
  });
});
