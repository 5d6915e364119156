import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/storage/open-storage.js';
import type { Storage } from '../src/storage/storage.js';
import { bucketOf, startS3Server, type S3TestServer } from './support/s3.js';

let s3: S3TestServer;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(tmpdir(), 'rasma-storage-test-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const key = (folder: string, extension: string) => `${folder}/${randomUUID()}.${extension}`;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A local file of `size` random bytes. */
async function localFile(size: number) {
  const file = path.join(dir, randomUUID());
  const bytes = randomBytes(size);
  await writeFile(file, bytes);
  return { file, bytes };
}

const implementations: [string, () => Promise<Storage>][] = [
  ['local disk', () => openStorage({ dataDir: dir, storageUrl: undefined })],
  ['an S3 bucket', () => openStorage({ dataDir: dir, storageUrl: s3.newStorageUrl() })],
];

describe.each(implementations)('storage on %s', (_name, open) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await open();
  });

  it('keeps bytes put, and reads them whole or a byte range of them', async () => {
    const stored = key('images', 'png');
    const bytes = randomBytes(1000);
    await storage.put(stored, bytes, 'image/png');
    expect(await storage.size(stored)).toBe(1000);
    expect(await bytesOf(await storage.read(stored))).toEqual(bytes);
    expect(await bytesOf(await storage.read(stored, { start: 100, end: 199 }))).toEqual(
      bytes.subarray(100, 200),
    );
    expect(await bytesOf(await storage.read(stored, { start: 999, end: 999 }))).toEqual(
      bytes.subarray(999),
    );
  });

  it('uploads a local file and downloads it to another, byte for byte', async () => {
    // Over 5 MB: S3 gets it in parts.
    const { file, bytes } = await localFile(6 * 1024 * 1024 + 123);
    const stored = key('videos', 'mp4');
    await storage.upload(stored, file, 'video/mp4');
    expect(await storage.size(stored)).toBe(bytes.length);
    const copy = path.join(dir, randomUUID());
    await storage.download(stored, copy);
    expect((await readFile(copy)).equals(bytes)).toBe(true);
  });

  it('replaces a file stored again under the same key', async () => {
    const stored = key('thumbnails', 'jpg');
    await storage.put(stored, Buffer.from('first version'), 'image/jpeg');
    await storage.put(stored, Buffer.from('second'), 'image/jpeg');
    expect((await bytesOf(await storage.read(stored))).toString()).toBe('second');
  });

  it('deletes, and says a missing file is missing', async () => {
    const stored = key('images', 'jpg');
    await storage.put(stored, Buffer.from('x'), 'image/jpeg');
    await storage.delete(stored);
    expect(await storage.size(stored)).toBeUndefined();
    await expect(storage.read(stored)).rejects.toThrow();
    const copy = path.join(dir, randomUUID());
    await expect(storage.download(stored, copy)).rejects.toThrow();
    expect(existsSync(copy)).toBe(false);
    // Deleting what is not there is no error.
    await storage.delete(stored);
  });

  it('lists the keys of a folder written before a time', async () => {
    const folder = Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join(
      '',
    );
    const [first, second] = [key(folder, 'png'), key(folder, 'jpg')];
    await storage.put(first, Buffer.from('1'), 'image/png');
    await storage.put(second, Buffer.from('2'), 'image/jpeg');
    await storage.put(key('other', 'png'), Buffer.from('3'), 'image/png');
    const inAMinute = new Date(Date.now() + 60_000);
    expect((await storage.keysOlderThan(folder, inAMinute)).sort()).toEqual([first, second].sort());
    expect(await storage.keysOlderThan(folder, new Date(Date.now() - 60_000))).toEqual([]);
    expect(await storage.keysOlderThan('nothing', inAMinute)).toEqual([]);
  });

  it('refuses a key the server would not make', async () => {
    for (const bad of ['../secrets.png', 'images/../../x.png', 'images/a/b.png', 'IMAGES/a.png']) {
      await expect(storage.put(bad, Buffer.from('x'), 'image/png')).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.size(bad)).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('storage in an S3 bucket', () => {
  it('creates the bucket when missing and opens it when it exists', async () => {
    const storageUrl = s3.newStorageUrl();
    const first = await openStorage({ dataDir: dir, storageUrl });
    const stored = key('images', 'png');
    await first.put(stored, Buffer.from('kept'), 'image/png');
    const second = await openStorage({ dataDir: dir, storageUrl });
    expect((await bytesOf(await second.read(stored))).toString()).toBe('kept');
    expect(await s3.keys(bucketOf(storageUrl))).toEqual([stored]);
  });

  it('stores the content type with the object', async () => {
    const storageUrl = s3.newStorageUrl();
    const storage = await openStorage({ dataDir: dir, storageUrl });
    const { file } = await localFile(10);
    const [image, video] = [key('images', 'png'), key('videos', 'mp4')];
    await storage.put(image, Buffer.from('x'), 'image/png');
    await storage.upload(video, file, 'video/mp4');
    const contentType = async (Key: string) =>
      (await s3.client.send(new HeadObjectCommand({ Bucket: bucketOf(storageUrl), Key })))
        .ContentType;
    expect(await contentType(image)).toBe('image/png');
    expect(await contentType(video)).toBe('video/mp4');
  });

  it('lists every key of a folder, past the first page of a listing', async () => {
    const storage = await openStorage({ dataDir: dir, storageUrl: s3.newStorageUrl() });
    // S3 lists at most 1000 keys a page.
    const keys = Array.from({ length: 1001 }, () => key('images', 'png'));
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(
        keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from('x'), 'image/png')),
      );
    }
    const listed = await storage.keysOlderThan('images', new Date(Date.now() + 60_000));
    expect(listed.sort()).toEqual(keys.sort());
  });
});
