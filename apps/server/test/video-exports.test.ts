/**
 * A video's other formats as a client sees them: chosen at Generate (priced, made with the video,
 * downloaded under the video's name), asked for later from the library (made once however often
 * asked), refused before the video is made and for someone else's video, and gone with the video.
 */
import { access, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EXPORT_FORMAT_INFO,
  EXPORT_MESSAGES,
  MODEL_CREDIT_COST,
  type ExportFormat,
  type Video,
  type VideoExport,
  type VideosPageResponse,
} from '@rasma/contract';
import { describe, expect, it, vi } from 'vitest';
import { videoExports } from '../src/db/schema.js';
import { JOBS } from '../src/jobs/definitions.js';
import { createSignedInUser } from './support/factories.js';
import { clientOf } from './support/http.js';
import { sendingQueue } from './support/queue.js';
import { waitingAndRenderingServers, type TestServer } from './support/test-server.js';
import { createVideo, waitUntilFinished } from './support/videos.js';

// Renders and exports wait for each other on this 2-core machine.
vi.setConfig({ testTimeout: 180_000 });

const servers = waitingAndRenderingServers();

async function person(server: TestServer, credits = 100) {
  const { cookie, user } = await createSignedInUser(server.database.db, { credits });
  const { call, json } = clientOf(server, cookie);
  const postJson = (pathname: string, body: unknown) =>
    call(pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    user,
    cookie,
    call,
    video: async (id: string) => (await json<Video>(`/api/videos/${id}`)).body,
    credits: async () => (await json<{ credits: number }>('/api/credits')).body.credits,
    askExport: (id: string, format: ExportFormat) =>
      postJson(`/api/videos/${id}/exports`, { format }),
    download: (id: string, format: ExportFormat) => call(`/api/videos/${id}/exports/${format}`),
  };
}
type Person = Awaited<ReturnType<typeof person>>;

/** The video once its MP4 and every export it has are no longer being made. */
async function whenAllMade(me: Person, id: string): Promise<Video> {
  for (;;) {
    const video = await me.video(id);
    const busy = (e: VideoExport) => e.status === 'processing';
    if (video.status !== 'processing' && !video.exports.some(busy)) return video;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const byFormat = (exports: readonly VideoExport[]) =>
  Object.fromEntries(exports.map((e) => [e.format, e]));

/** The files the server keeps under its videos folder. */
const storedVideoFiles = (server: TestServer) =>
  readdir(path.join(server.dataDir, 'files', 'videos')).catch(() => [] as string[]);

/** File signatures: GIF89a, and WebM's EBML header. */
const GIF_MAGIC = Buffer.from('GIF89a');
const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

describe('exports chosen at Generate', () => {
  it('are priced, made with the video and downloaded under its title', async () => {
    const server = servers.rendering;
    const me = await person(server);
    const formats = ['webm', 'gif', 'webm-alpha'] as const;
    const created = await createVideo(server.url, me.cookie, { exports: [...formats] });
    const price =
      MODEL_CREDIT_COST['rasma-ai'] +
      formats.reduce((t, f) => t + EXPORT_FORMAT_INFO[f].credits, 0);
    expect(EXPORT_FORMAT_INFO['webm-alpha'].credits).toBeGreaterThan(0);
    expect(await me.credits()).toBe(100 - price);
    expect(byFormat(created.exports)).toEqual({
      webm: { format: 'webm', status: 'processing', bytes: null },
      gif: { format: 'gif', status: 'processing', bytes: null },
      'webm-alpha': { format: 'webm-alpha', status: 'processing', bytes: null },
    });

    const video = await whenAllMade(me, created.id);
    expect(video.status).toBe('completed');
    expect(video.progress).toBe(100);
    expect(video.exports.map((e) => [e.format, e.status]).sort()).toEqual(
      formats.map((f) => [f, 'completed']).sort(),
    );
    const library = await me.call('/api/videos?page=1');
    const listed = ((await library.json()) as VideosPageResponse).videos[0]!;
    expect(byFormat(listed.exports)).toEqual(byFormat(video.exports));

    for (const format of formats) {
      const res = await me.download(video.id, format);
      expect(res.status).toBe(200);
      const { extension, mimeType } = EXPORT_FORMAT_INFO[format];
      expect(res.headers.get('content-type')).toBe(mimeType);
      expect(res.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${video.title}\\.${extension}"`),
      );
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBe(byFormat(video.exports)[format]!.bytes);
      const magic = format === 'gif' ? GIF_MAGIC : WEBM_MAGIC;
      expect(bytes.subarray(0, magic.length)).toEqual(magic);
    }
    expect(video.title).toBe('box');
    // The transparent WebM is not the plain one.
    const [plain, clear] = await Promise.all(
      (['webm', 'webm-alpha'] as const).map(async (f) => (await me.download(video.id, f)).text()),
    );
    expect(clear).not.toBe(plain);
  });

  it('cost nothing more for a WebM and a GIF', async () => {
    const me = await person(servers.waiting);
    await createVideo(servers.waiting.url, me.cookie, { exports: ['webm', 'gif'] });
    expect(await me.credits()).toBe(100 - MODEL_CREDIT_COST['rasma-ai']);
  });
});

describe('exports asked for later', () => {
  it('are made once from the stored MP4, however often asked, and the video keeps its own', async () => {
    const server = servers.rendering;
    const me = await person(server);
    const created = await createVideo(server.url, me.cookie);
    await waitUntilFinished(server.database, created.id);
    const before = await me.credits();
    expect((await me.download(created.id, 'gif')).status).toBe(409);

    const answers = await Promise.all([
      me.askExport(created.id, 'gif'),
      me.askExport(created.id, 'gif'),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(((await res.json()) as { export: VideoExport }).export.format).toBe('gif');
    }
    const { rows } = await server.database.executeSql(
      `select id from pgboss.job where name = 'make-video-export' and data->>'videoId' = $1`,
      [created.id],
    );
    expect(rows).toHaveLength(1);

    const video = await whenAllMade(me, created.id);
    expect(video.exports).toEqual([
      { format: 'gif', status: 'completed', bytes: expect.any(Number) as number },
    ]);
    // Asked again once made: the same export, nothing made again.
    const again = await me.askExport(created.id, 'gif');
    expect(((await again.json()) as { export: VideoExport }).export).toEqual(video.exports[0]);
    const download = await me.download(created.id, 'gif');
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 6)).toEqual(GIF_MAGIC);
    expect(await me.credits()).toBe(before);
    expect((await me.call(`/api/videos/${created.id}/download`)).status).toBe(200);
  });

  it('fail alone when one cannot be made, the video kept, and can be asked for again', async () => {
    const server = servers.rendering;
    const me = await person(server);
    const created = await createVideo(server.url, me.cookie);
    await waitUntilFinished(server.database, created.id);
    // The stored MP4 is damaged: no GIF can be made from it.
    const mp4 = path.join(server.dataDir, 'files', 'videos', `${created.id}.mp4`);
    const kept = await readFile(mp4);
    await writeFile(mp4, 'not a video');
    expect((await me.askExport(created.id, 'gif')).status).toBe(200);
    const failed = await whenAllMade(me, created.id);
    expect(failed.status).toBe('completed');
    expect(failed.exports).toEqual([{ format: 'gif', status: 'failed', bytes: null }]);
    expect((await me.download(created.id, 'gif')).status).toBe(409);
    // Gone from storage: the WebM fails too, alone.
    await rm(mp4);
    expect((await me.askExport(created.id, 'webm')).status).toBe(200);
    const gone = await whenAllMade(me, created.id);
    expect(gone.status).toBe('completed');
    expect(byFormat(gone.exports).webm).toEqual({ format: 'webm', status: 'failed', bytes: null });

    await writeFile(mp4, kept);
    const again = await me.askExport(created.id, 'gif');
    expect(((await again.json()) as { export: VideoExport }).export.status).toBe('processing');
    expect(byFormat((await whenAllMade(me, created.id)).exports).gif?.status).toBe('completed');
  });

  it('fail when the queue gives up on one (its process died making it twice), and can be asked for again', async () => {
    const server = servers.rendering;
    const me = await person(server);
    const created = await createVideo(server.url, me.cookie);
    await waitUntilFinished(server.database, created.id);
    // Being made when the process making it died, its job's retry too: the queue's dead letter.
    await server.database.db.insert(videoExports).values({ videoId: created.id, format: 'webm' });
    await sendingQueue(server.database).send(JOBS.exportFailed.name, {
      videoId: created.id,
      format: 'webm',
    });
    expect(byFormat((await whenAllMade(me, created.id)).exports).webm).toMatchObject({
      status: 'failed',
    });
    expect((await me.askExport(created.id, 'webm')).status).toBe(200);
    expect(byFormat((await whenAllMade(me, created.id)).exports).webm).toMatchObject({
      status: 'completed',
    });
  });

  it('refuse the transparent WebM, which only Generate makes', async () => {
    const me = await person(servers.waiting);
    const created = await createVideo(servers.waiting.url, me.cookie);
    const res = await me.askExport(created.id, 'webm-alpha');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(
      EXPORT_MESSAGES.onlyAtGenerate,
    );
  });

  it('wait for the video: 409 while it is being made', async () => {
    const me = await person(servers.waiting);
    const created = await createVideo(servers.waiting.url, me.cookie, { exports: ['gif'] });
    const ask = await me.askExport(created.id, 'webm');
    expect(ask.status).toBe(409);
    expect(await ask.json()).toEqual({
      code: 'VIDEO_NOT_READY',
      message: EXPORT_MESSAGES.videoNotReady,
    });
    const download = await me.download(created.id, 'gif');
    expect(download.status).toBe(409);
    expect(await download.json()).toEqual({
      code: 'EXPORT_NOT_READY',
      message: EXPORT_MESSAGES.notReady,
    });
  });
});

describe("another person's video", () => {
  it('is not found, whatever is asked of its exports', async () => {
    const owner = await person(servers.waiting);
    const other = await person(servers.waiting);
    const created = await createVideo(servers.waiting.url, owner.cookie, { exports: ['gif'] });
    for (const res of [
      await other.call(`/api/videos/${created.id}`),
      await other.askExport(created.id, 'webm'),
      await other.download(created.id, 'gif'),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await owner.call(`/api/videos/${created.id}`)).status).toBe(200);
  });
});

describe('deleting a video', () => {
  it('deletes its exports with it', async () => {
    const server = servers.rendering;
    const me = await person(server);
    const created = await createVideo(server.url, me.cookie, { exports: ['webm', 'gif'] });
    await whenAllMade(me, created.id);
    const own = (files: string[]) => files.filter((f) => f.startsWith(created.id)).sort();
    expect(own(await storedVideoFiles(server))).toEqual(
      [`${created.id}.gif`, `${created.id}.mp4`, `${created.id}.webm`].sort(),
    );
    expect((await me.call(`/api/videos/${created.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(own(await storedVideoFiles(server))).toEqual([]);
    await expect(
      access(path.join(server.dataDir, 'files', 'videos', `${created.id}.gif`)),
    ).rejects.toThrow();
  });
});
