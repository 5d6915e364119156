import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  AUDIO_LIMITS,
  AUDIO_MESSAGES,
  STORAGE_LIMITS,
  type AudioTrack,
  type Project,
  type ProjectAudioFile,
  type StorageUsage,
} from '@rasma/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudio } from '../src/db/schema.js';
import { recordHit } from '../src/limits/rate-limiter.js';
import { AUDIO_UPLOADS, audioUploadsKey } from '../src/modules/projects/audio.js';
import {
  AUDIO_SAMPLES,
  lyingWav,
  makeAudio,
  oversizedUpload,
  probeAudio,
} from './support/audio.js';
import { createSignedInUser } from './support/factories.js';
import { newProject } from './support/projects.js';
import { clientOf } from './support/http.js';
import { ownTempDir } from './support/temp-dir.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const { uploadFolders } = ownTempDir('rasma-audio-test-');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
});
afterAll(() => server.close());

/** The project's files in storage (its image, its thumbnail, its audio). */
const filesOf = async (projectId: string) =>
  (await readdir(path.join(server.dataDir, 'files', 'projects')).catch(() => []))
    .filter((name) => name.startsWith(projectId))
    .sort();
/** The name in the projects folder of the file a track's row names. */
async function trackFileOf(projectId: string, track: AudioTrack) {
  const [row] = await server.database.db
    .select({ storageKey: projectAudio.storageKey })
    .from(projectAudio)
    .where(and(eq(projectAudio.projectId, projectId), eq(projectAudio.track, track)));
  return path.basename(row?.storageKey ?? '');
}

function audioForm(bytes: Uint8Array, fileName: string, type = 'application/octet-stream') {
  const body = new FormData();
  body.set('audio', new Blob([new Uint8Array(bytes)], { type }), fileName);
  return body;
}

async function person() {
  const { cookie, user } = await createSignedInUser(server.database.db);
  const { call, json } = clientOf(server, cookie);
  return {
    user,
    call,
    json,
    project: () => newProject(json),
    upload: (projectId: string, track: AudioTrack, bytes: Uint8Array, fileName: string) =>
      json<ProjectAudioFile & { code?: string }>(`/api/projects/${projectId}/audio/${track}`, {
        method: 'POST',
        body: audioForm(bytes, fileName),
      }),
    audioFiles: async (projectId: string) =>
      (await json<Project>(`/api/projects/${projectId}`)).body.audioFiles,
    usedBytes: async () => (await json<StorageUsage>('/api/storage')).body.usedBytes,
  };
}

describe("a project's audio upload", () => {
  it.each(Object.keys(AUDIO_SAMPLES) as (keyof typeof AUDIO_SAMPLES)[])(
    'keeps %s as stereo 48 kHz AAC with its real length, counted against the quota',
    async (format) => {
      const me = await person();
      const project = await me.project();
      const before = await me.usedBytes();
      const sent = await makeAudio(format, { seconds: 3 });
      const fileName = `Take 1.${AUDIO_SAMPLES[format].extension}`;

      const uploaded = await me.upload(project.id, 'voice', sent, fileName);
      expect(uploaded.status).toBe(201);
      expect(uploaded.body).toMatchObject({
        url: `/api/projects/${project.id}/audio/voice`,
        fileName,
      });
      expect(uploaded.body.durationSeconds).toBeCloseTo(3, 1);
      expect(await me.audioFiles(project.id)).toEqual({ voice: uploaded.body });

      const stored = await me.call(uploaded.body.url);
      expect(stored.status).toBe(200);
      expect(stored.headers.get('content-type')).toBe('audio/mp4');
      const bytes = Buffer.from(await stored.arrayBuffer());
      expect(bytes.length).toBe(uploaded.body.bytes);
      const probed = await probeAudio(bytes, 'm4a');
      expect(probed.audioStream).toMatch(/^aac .*48000 Hz, stereo/);
      expect(probed.audioSeconds).toBeCloseTo(3, 1);
      expect(await me.usedBytes()).toBe(before + uploaded.body.bytes);
      expect(await uploadFolders()).toEqual([]);
    },
  );

  it('is streamed with byte ranges, replaced by the next upload, and deleted', async () => {
    const me = await person();
    const project = await me.project();
    const before = await me.usedBytes();
    const first = (await me.upload(project.id, 'music', await makeAudio('MP3'), 'bed.mp3')).body;
    const size = first.bytes;

    const head = await me.call(first.url, { headers: { range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(head.headers.get('content-type')).toBe('audio/mp4');
    const start = Buffer.from(await head.arrayBuffer());
    expect(start.length).toBe(100);
    expect(start.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const tail = await me.call(first.url, { headers: { range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const outside = await me.call(first.url, { headers: { range: `bytes=${size}-` } });
    expect(outside.status).toBe(416);

    const second = await me.upload(
      project.id,
      'music',
      await makeAudio('WAV', { seconds: 1.5 }),
      'shorter.wav',
    );
    expect(second.status).toBe(201);
    expect(second.body.durationSeconds).toBeCloseTo(1.5, 1);
    expect(await me.audioFiles(project.id)).toEqual({ music: second.body });
    expect(await me.usedBytes()).toBe(before + second.body.bytes);
    expect(await filesOf(project.id)).toEqual(
      [
        await trackFileOf(project.id, 'music'),
        `${project.id}.png`,
        `${project.id}.thumbnail`,
      ].sort(),
    );

    const deleted = await me.json(second.body.url, { method: 'DELETE' });
    expect(deleted).toEqual({ status: 200, body: { message: 'Audio deleted' } });
    expect(await me.audioFiles(project.id)).toEqual({});
    expect(await filesOf(project.id)).toEqual([`${project.id}.png`, `${project.id}.thumbnail`]);
    expect(await me.usedBytes()).toBe(before);
    for (const method of ['GET', 'DELETE']) {
      const gone = await me.call(second.body.url, { method });
      expect(gone.status, method).toBe(404);
    }
  });

  it('is replaced: the old file is deleted from storage and the new one streams', async () => {
    const me = await person();
    const project = await me.project();
    await me.upload(project.id, 'voice', await makeAudio('MP3', { seconds: 3 }), 'take 1.mp3');
    const firstFile = await trackFileOf(project.id, 'voice');
    expect(await filesOf(project.id)).toContain(firstFile);

    const take2 = await makeAudio('WAV', { seconds: 1.5 });
    const second = (await me.upload(project.id, 'voice', take2, 'take 2.wav')).body;
    const secondFile = await trackFileOf(project.id, 'voice');
    expect(secondFile).not.toBe(firstFile);
    expect(await filesOf(project.id)).toEqual(
      [secondFile, `${project.id}.png`, `${project.id}.thumbnail`].sort(),
    );
    const streamed = Buffer.from(await (await me.call(second.url)).arrayBuffer());
    expect(streamed.length).toBe(second.bytes);
    expect((await probeAudio(streamed, 'm4a')).audioSeconds).toBeCloseTo(1.5, 1);
  });

  it('goes with its project', async () => {
    const me = await person();
    const project = await me.project();
    await me.upload(project.id, 'voice', await makeAudio('FLAC'), 'voice.flac');
    await me.upload(project.id, 'music', await makeAudio('OGG/Opus'), 'music.ogg');
    expect(await filesOf(project.id)).toHaveLength(4);
    expect((await me.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await filesOf(project.id)).toEqual([]);
    const rows = await server.database.db.select().from(projectAudio);
    expect(rows.filter((row) => row.projectId === project.id)).toEqual([]);
    expect(await me.usedBytes()).toBe(0);
  });

  it("is a 404 on another person's project, for all three calls", async () => {
    const owner = await person();
    const stranger = await person();
    const project = await owner.project();
    const kept = await owner.upload(project.id, 'voice', await makeAudio('MP3'), 'mine.mp3');
    const url = `/api/projects/${project.id}/audio/voice`;
    const calls = [
      ['POST', { body: audioForm(await makeAudio('MP3'), 'theirs.mp3') }],
      ['GET', {}],
      ['DELETE', {}],
    ] as const;
    for (const [method, init] of calls) {
      const res = await stranger.call(url, { method, ...init });
      expect(res.status, method).toBe(404);
      expect(await res.json()).toEqual({ message: 'Project not found', code: 'NOT_FOUND' });
    }
    expect(await owner.audioFiles(project.id)).toEqual({ voice: kept.body });
    expect(await stranger.usedBytes()).toBe(0);
    const unknownTrack = await owner.call(`/api/projects/${project.id}/audio/drums`);
    expect(unknownTrack.status).toBe(400);
  });
});

describe('an audio file that cannot be a track', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, string, number, string, string][] = [
    [
      'a text file named .mp3',
      () => Buffer.from('Dear diary,\nthis is not a song.\n'.repeat(50)),
      'song.mp3',
      415,
      'NOT_AUDIO',
      AUDIO_MESSAGES.notAudio,
    ],
    [
      'an M4A cut in half',
      async () => {
        const whole = await makeAudio('M4A/AAC', { seconds: 4 });
        return whole.subarray(0, whole.length / 2);
      },
      'cut.m4a',
      415,
      'NOT_AUDIO',
      AUDIO_MESSAGES.notAudio,
    ],
    [
      'a 1-hour FLAC (mono, 8 kHz)',
      () => makeAudio('FLAC', { seconds: 3600, sampleRate: 8000, channels: 1 }),
      'lecture.flac',
      400,
      'AUDIO_TOO_LONG',
      AUDIO_MESSAGES.tooLong,
    ],
    [
      'a WAV whose header claims 1 s and whose data runs 310 s',
      () => lyingWav({ claimedSeconds: 1, seconds: AUDIO_LIMITS.maxSeconds + 10 }),
      'short.wav',
      400,
      'AUDIO_TOO_LONG',
      AUDIO_MESSAGES.tooLong,
    ],
    [
      'a 0.2 s click',
      () => makeAudio('WAV', { seconds: 0.2 }),
      'click.wav',
      400,
      'AUDIO_TOO_SHORT',
      AUDIO_MESSAGES.tooShort,
    ],
    [
      'six channels',
      () => makeAudio('FLAC', { channels: 6 }),
      'surround.flac',
      400,
      'AUDIO_CHANNELS',
      AUDIO_MESSAGES.channels,
    ],
    [
      'a 4 kHz recording',
      () => makeAudio('WAV', { sampleRate: 4000 }),
      'phone.wav',
      400,
      'AUDIO_SAMPLE_RATE',
      AUDIO_MESSAGES.sampleRate,
    ],
  ];

  it.each(cases)(
    'is refused: %s, storing and counting nothing, the old track kept',
    async (_name, make, fileName, status, code, message) => {
      const me = await person();
      const project = await me.project();
      const old = (await me.upload(project.id, 'voice', await makeAudio('MP3'), 'old.mp3')).body;
      const usage = await me.usedBytes();
      const files = await filesOf(project.id);

      const refused = await me.upload(project.id, 'voice', await make(), fileName);
      expect(refused).toEqual({ status, body: { code, message } });
      expect(await me.audioFiles(project.id)).toEqual({ voice: old });
      expect(await me.usedBytes()).toBe(usage);
      expect(await filesOf(project.id)).toEqual(files);
      const kept = Buffer.from(await (await me.call(old.url)).arrayBuffer());
      expect(kept.length).toBe(old.bytes);
      // Nothing left of it on the server's disk either.
      expect(await uploadFolders()).toEqual([]);
    },
  );

  it('is refused while it arrives when it is larger than the limit', async () => {
    const me = await person();
    const project = await me.project();
    const usage = await me.usedBytes();
    const upload = oversizedUpload('audio', 3 * AUDIO_LIMITS.maxBytes);
    const res = await me.call(`/api/projects/${project.id}/audio/voice`, upload.init);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'AUDIO_TOO_LARGE', message: AUDIO_MESSAGES.tooLarge });
    // Answered while the file was still arriving: far from all of it was sent.
    expect(upload.sent()).toBeLessThan(2 * AUDIO_LIMITS.maxBytes);
    expect(await me.audioFiles(project.id)).toEqual({});
    expect(await me.usedBytes()).toBe(usage);
    expect(await filesOf(project.id)).toEqual([`${project.id}.png`, `${project.id}.thumbnail`]);
    expect(await uploadFolders()).toEqual([]);
  });

  it('is refused with the quota error when it would not fit, keeping nothing', async () => {
    const me = await person();
    const project = await me.project();
    // The music track (a row only) fills the free plan's quota but for 10 KB.
    const quota = STORAGE_LIMITS.quotaBytes.free;
    const used = await me.usedBytes();
    await server.database.db.insert(projectAudio).values({
      projectId: project.id,
      track: 'music',
      storageKey: `projects/${project.id}.music.${crypto.randomUUID()}`,
      fileName: 'big.wav',
      bytes: quota - used - 10 * 1024,
      durationSeconds: 300,
    });
    const refused = await me.upload(project.id, 'voice', await makeAudio('WAV'), 'voice.wav');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STORAGE_QUOTA_REACHED' });
    expect(Object.keys(await me.audioFiles(project.id))).toEqual(['music']);
    expect(await me.usedBytes()).toBe(quota - 10 * 1024);
    expect(await filesOf(project.id)).toEqual([`${project.id}.png`, `${project.id}.thumbnail`]);
  });

  it(`is refused past ${AUDIO_UPLOADS.max} uploads in an hour`, async () => {
    const me = await person();
    const project = await me.project();
    for (let i = 0; i < AUDIO_UPLOADS.max; i++) {
      await recordHit(server.database.db, audioUploadsKey(me.user.id));
    }
    const refused = await me.upload(project.id, 'voice', await makeAudio('MP3'), 'one more.mp3');
    expect(refused).toEqual({
      status: 429,
      body: { code: 'RATE_LIMITED', message: AUDIO_UPLOADS.message },
    });
    expect(await me.audioFiles(project.id)).toEqual({});
  });
});
