/**
 * The object storage out of reach (a proxy between the server and a real S3-compatible server stops
 * listening): a new video is refused with 503 and charged nothing; a render in flight is tried
 * again and, failing again, ends failed with one refund; what it could not delete meanwhile goes with
 * the hourly clean-up.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/errors.js';
import { deleteExpiredFiles } from '../src/modules/retention/cleanup.js';
import { openStorage } from '../src/storage/open-storage.js';
import type { Storage } from '../src/storage/storage.js';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.js';
import { startS3Server, type S3TestServer } from './support/s3.js';
import { expectSettled } from './support/settled.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import {
  books,
  createVideo,
  newAccount,
  postVideo,
  readProgress,
  renderJobs,
} from './support/videos.js';

vi.setConfig({ testTimeout: 120_000 });

let s3: S3TestServer;
let proxy: FaultProxy;
let server: TestServer;
let storage: Storage;
/** The temp dir renders see (the clean-up's temp folders are looked for there). */
let renderTemp: string;
beforeAll(async () => {
  renderTemp = await mkdtemp(path.join(tmpdir(), 'rasma-storage-outage-'));
  vi.stubEnv('TMPDIR', renderTemp);
  s3 = await startS3Server();
  proxy = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
  const storageUrl = s3.newStorageUrl().replace(s3.endpoint, `http://127.0.0.1:${proxy.port}`);
  server = await startTestServer({ STORAGE_URL: storageUrl });
  storage = await openStorage(server.config);
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
  await s3?.close();
  vi.unstubAllEnvs();
  if (renderTemp) await rm(renderTemp, { recursive: true, force: true });
});

describe('the object storage out of reach', () => {
  it('refuses a new video with 503 and charges nothing', async () => {
    const { user, cookie } = await newAccount(server.database, server.app.sessions);
    await proxy.refuse();
    try {
      const refused = await postVideo(server.url, cookie, { drawingTime: 1 });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        message: SERVICE_UNAVAILABLE_MESSAGE,
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await proxy.heal();
    }
    expect(await books(server.database, user.id)).toEqual({
      kinds: ['signup_grant'],
      balance: 40,
      sum: 40,
    });
    expect(await expectSettled(server.database, storage, user.id)).toEqual(new Map());
  });

  it('fails a render in flight after its retry, refunds it once, and leaves no file past the clean-up', async () => {
    const { user, cookie } = await newAccount(server.database, server.app.sessions);
    const started = readProgress(server.url, cookie, user.id, (e) => e.progress > 0);
    const video = await createVideo(server.url, cookie);
    await started; // the upload is in the render's own folder
    await proxy.refuse();
    const failed = readProgress(server.url, cookie, user.id, (e) => e.status === 'failed');
    try {
      expect((await failed).at(-1)).toMatchObject({ videoId: video.id, status: 'failed' });
      // Still away while the failure is handled (past the storage client's own quick retries).
      await new Promise((resolve) => setTimeout(resolve, 3000));
    } finally {
      await proxy.heal();
    }
    // What the outage kept the failure from deleting goes with the hourly clean-up, well within
    // the privacy policy's 24 hours.
    const twoHoursOn = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await deleteExpiredFiles({ db: server.database.db, storage, tempDir: renderTemp }, twoHoursOn);
    expect(await storage.keysOlderThan('videos', twoHoursOn)).toEqual([]);
    expect(await storage.keysOlderThan('thumbnails', twoHoursOn)).toEqual([]);
    expect(await expectSettled(server.database, storage, user.id)).toEqual(
      new Map([[video.id, 'failed']]),
    );
    expect(await renderJobs(server.database, video.id)).toEqual([
      { state: 'failed', retry_count: 1 },
    ]);
  });
});
