import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { images, projectAudio, projects, uploadAudio, videos } from '../src/db/schema.js';
import { UPLOAD_TEMP_PREFIX } from '../src/http/upload.js';
import { JOBS } from '../src/jobs/definitions.js';
import { deleteExpiredFiles } from '../src/modules/retention/cleanup.js';
import { startQueue } from '../src/queue/queue.js';
import { RENDER_TEMP_PREFIX } from '../src/render/runner.js';
import { createLocalStorage } from '../src/storage/local-storage.js';
import { createUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const HOUR = 60 * 60 * 1000;

let server: TestServer;
let tempDir: string;
beforeAll(async () => {
  server = await startTestServer();
  tempDir = await mkdtemp(path.join(tmpdir(), 'rasma-retention-test-'));
});
afterAll(async () => {
  await server.close();
  await rm(tempDir, { recursive: true, force: true });
});

const files = () => path.join(server.dataDir, 'files');
const storage = () => createLocalStorage(files());
const stored = (folder: string) => readdir(path.join(files(), folder)).catch(() => []);
const ago = (ms: number) => new Date(Date.now() - ms);

/** An uploaded image, `age` old, with a video in `status` (none when undefined). */
async function upload(age: number, status?: 'processing' | 'completed' | 'failed') {
  const { db } = server.database;
  const user = await createUser(db);
  const id = crypto.randomUUID();
  const key = `images/${id}.png`;
  await storage().put(key, Buffer.from('image bytes'), 'image/png');
  await db.insert(images).values({
    id,
    userId: user.id,
    originalName: 'drawing.png',
    storageKey: key,
    mimeType: 'image/png',
    width: 10,
    height: 10,
    sizeBytes: 11,
    uploadedAt: ago(age),
  });
  let videoId: string | undefined;
  if (status) {
    const [video] = await db
      .insert(videos)
      .values({
        userId: user.id,
        imageId: id,
        title: 'drawing',
        aiModel: 'rasma-ai',
        options: {},
        creditsUsed: 10,
        status,
        createdAt: ago(age),
        ...(status === 'completed' ? { videoKey: `videos/${id}.mp4` } : {}),
      })
      .returning();
    videoId = video?.id;
    if (status === 'completed') {
      await storage().put(`videos/${id}.mp4`, Buffer.from('mp4'), 'video/mp4');
    }
  }
  return { id, key, videoId };
}

/** A voice-over and music stored with the upload `imageId`. */
async function withAudio(imageId: string) {
  for (const track of ['voice', 'music'] as const) {
    const key = `images/${imageId}.${track}`;
    await storage().put(key, Buffer.from('aac'), 'audio/mp4');
    await server.database.db
      .insert(uploadAudio)
      .values({ imageId, track, storageKey: key, bytes: 3, durationSeconds: 1 });
  }
}

const storageKeyOf = async (id: string) =>
  (await server.database.db.select().from(images).where(eq(images.id, id)))[0]?.storageKey;

/** A file or folder last written `age` ago. */
async function aged(file: string, age: number) {
  const when = ago(age);
  await utimes(file, when, when);
}

describe('the retention clean-up', () => {
  it('deletes uploads past their limits, keeps recent ones and every video', async () => {
    const finished = await upload(2 * HOUR, 'completed');
    const failed = await upload(2 * HOUR, 'failed');
    const waiting = await upload(2 * HOUR, 'processing');
    const stuck = await upload(23 * HOUR, 'processing');
    const fresh = await upload(10 * 60 * 1000, 'completed');
    const monthOld = await upload(30 * 24 * HOUR, 'completed');

    const report = await deleteExpiredFiles({
      db: server.database.db,
      storage: storage(),
      tempDir,
    });
    expect(report.uploads).toBe(4);

    for (const gone of [finished, failed, stuck, monthOld]) {
      expect(await storageKeyOf(gone.id)).toBeNull();
      expect(await stored('images')).not.toContain(path.basename(gone.key));
    }
    // A render still waits for this one, and this one is minutes old.
    for (const kept of [waiting, fresh]) {
      expect(await storageKeyOf(kept.id)).toBe(kept.key);
      expect(await stored('images')).toContain(path.basename(kept.key));
    }
    // Videos stay until their owner deletes them, however old.
    expect(await stored('videos')).toContain(`${monthOld.id}.mp4`);
    const [video] = await server.database.db
      .select()
      .from(videos)
      .where(eq(videos.id, monthOld.videoId ?? ''));
    expect(video?.status).toBe('completed');
  });

  it('deletes upload files no image points at, once they are an hour old', async () => {
    const oldOrphan = `images/${crypto.randomUUID()}.jpg`;
    const newOrphan = `images/${crypto.randomUUID()}.jpg`;
    await storage().put(oldOrphan, Buffer.from('x'), 'image/jpeg');
    await storage().put(newOrphan, Buffer.from('x'), 'image/jpeg');
    await aged(path.join(files(), oldOrphan), 2 * HOUR);

    const report = await deleteExpiredFiles({
      db: server.database.db,
      storage: storage(),
      tempDir,
    });
    expect(report.orphanFiles).toBe(1);
    expect(await stored('images')).not.toContain(path.basename(oldOrphan));
    expect(await stored('images')).toContain(path.basename(newOrphan));
  });

  it("deletes an expired upload's voice-over and music with it", async () => {
    const expired = await upload(2 * HOUR, 'completed');
    const kept = await upload(2 * HOUR, 'processing');
    for (const { id } of [expired, kept]) await withAudio(id);

    await deleteExpiredFiles({ db: server.database.db, storage: storage(), tempDir });
    const audioOf = (id: string) =>
      server.database.db.select().from(uploadAudio).where(eq(uploadAudio.imageId, id));
    expect(await audioOf(expired.id)).toEqual([]);
    expect(await stored('images')).not.toContain(`${expired.id}.voice`);
    expect(await stored('images')).not.toContain(`${expired.id}.music`);
    expect(await audioOf(kept.id)).toHaveLength(2);
    expect(await stored('images')).toContain(`${kept.id}.voice`);
  });

  it('deletes audio files of no upload and of no project track, once they are an hour old', async () => {
    const known = await upload(2 * HOUR, 'processing');
    await withAudio(known.id);
    const orphanUploadAudio = `images/${crypto.randomUUID()}.voice`;
    await storage().put(orphanUploadAudio, Buffer.from('aac'), 'audio/mp4');
    const user = await createUser(server.database.db);
    const [project] = await server.database.db
      .insert(projects)
      .values({
        userId: user.id,
        title: 'talk',
        fileName: 'talk.png',
        state: {},
        imageKey: 'projects/x.png',
        imageMimeType: 'image/png',
      })
      .returning();
    const projectId = project?.id ?? '';
    const voice = `projects/${projectId}.voice.${crypto.randomUUID()}`;
    await server.database.db.insert(projectAudio).values({
      projectId,
      track: 'voice',
      storageKey: voice,
      fileName: 'v.mp3',
      bytes: 3,
      durationSeconds: 1,
    });
    // The voice's row names its file; the voice it replaced and the music, whose row was deleted,
    // are files no row names.
    const replacedVoice = `projects/${projectId}.voice.${crypto.randomUUID()}`;
    const music = `projects/${projectId}.music.${crypto.randomUUID()}`;
    for (const key of [voice, replacedVoice, music]) {
      await storage().put(key, Buffer.from('aac'), 'audio/mp4');
    }
    for (const key of [
      orphanUploadAudio,
      `images/${known.id}.voice`,
      voice,
      replacedVoice,
      music,
    ]) {
      await aged(path.join(files(), key), 2 * HOUR);
    }

    await deleteExpiredFiles({ db: server.database.db, storage: storage(), tempDir });
    expect(await stored('images')).not.toContain(path.basename(orphanUploadAudio));
    expect(await stored('images')).toContain(`${known.id}.voice`);
    expect((await stored('projects')).filter((name) => name.startsWith(projectId))).toEqual([
      path.basename(voice),
    ]);
  });

  it("removes renders' and uploads' temporary folders left for hours, and nothing else", async () => {
    const left = path.join(tempDir, `${RENDER_TEMP_PREFIX}left`);
    const leftUpload = path.join(tempDir, `${UPLOAD_TEMP_PREFIX}left`);
    const running = path.join(tempDir, `${RENDER_TEMP_PREFIX}running`);
    const other = path.join(tempDir, 'someone-elses');
    for (const folder of [left, leftUpload, running, other]) {
      await mkdir(folder);
      await writeFile(path.join(folder, 'frame.raw'), 'x');
    }
    await aged(left, 3 * HOUR);
    await aged(leftUpload, 3 * HOUR);
    await aged(other, 3 * HOUR);

    const report = await deleteExpiredFiles({
      db: server.database.db,
      storage: storage(),
      tempDir,
    });
    expect(report.tempFolders).toBe(2);
    expect((await readdir(tempDir)).sort()).toEqual(
      [path.basename(running), path.basename(other)].sort(),
    );
  });

  it('runs hourly as a job on the queue', async () => {
    // A queue client of our own on the server's database: the server's workers take the job.
    const queue = await startQueue(server.database, pino({ level: 'silent' }));
    onTestFinished(() => queue.stop({ graceful: false, wait: true }));
    const schedules = await queue.getSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({ name: JOBS.fileRetention.name, cron: JOBS.fileRetention.cron }),
    );
    // Hourly: at one minute of every hour.
    expect(JOBS.fileRetention.cron).toMatch(/^\d+ \* \* \* \*$/);

    const leftover = await upload(3 * HOUR, 'completed');
    await queue.send(JOBS.fileRetention.name, {});
    const until = Date.now() + 20_000;
    while ((await storageKeyOf(leftover.id)) !== null && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await storageKeyOf(leftover.id)).toBeNull();
    expect(await stored('images')).not.toContain(path.basename(leftover.key));
  });
});
