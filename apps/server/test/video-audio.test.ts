import {
  AUDIO_LIMITS,
  AUDIO_MESSAGES,
  IMAGE_LIMITS,
  MODEL_CREDIT_COST,
  type AudioSettingsInput,
  type CreateVideoBlobData,
  type StorageUsage,
  type Video,
} from '@rasma/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { uploadAudio, videos } from '../src/db/schema.js';
import { lyingWav, makeAudio, oversizedUpload, probeAudio } from './support/audio.js';
import { createSignedInUser } from './support/factories.js';
import { clientOf } from './support/http.js';
import {
  storedUploads,
  waitingAndRenderingServers,
  type TestServer,
} from './support/test-server.js';
import { boxImage, waitUntilFinished } from './support/videos.js';

// A render waits for the one before it on this 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

const servers = waitingAndRenderingServers();

interface Sound {
  voice?: { bytes: Buffer; fileName: string };
  music?: { bytes: Buffer; fileName: string };
}

/** A create's settings as a client sends them (defaults not yet applied). */
type Settings = Partial<Omit<CreateVideoBlobData, 'audio'>> & { audio?: AudioSettingsInput };

async function createForm(settings: Settings, sound: Sound) {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(await boxImage())], { type: 'image/png' }), 'box.png');
  form.set('blobData', JSON.stringify({ drawingTime: 1, ...settings }));
  for (const track of ['voice', 'music'] as const) {
    const file = sound[track];
    if (file) form.set(track, new Blob([new Uint8Array(file.bytes)]), file.fileName);
  }
  return form;
}

async function person(server: TestServer) {
  const { cookie, user } = await createSignedInUser(server.database.db, { credits: 100 });
  const { call } = clientOf(server, cookie);
  const json = async <T>(pathname: string) => (await (await call(pathname)).json()) as T;
  return {
    user,
    call,
    create: async (settings: Settings, sound: Sound) =>
      call('/api/videos/create', { method: 'POST', body: await createForm(settings, sound) }),
    credits: async () => (await json<{ credits: number }>('/api/credits')).credits,
    usedBytes: async () => (await json<StorageUsage>('/api/storage')).usedBytes,
    videoRows: () => server.database.db.select().from(videos).where(eq(videos.userId, user.id)),
  };
}

const uploadAudioRows = (server: TestServer) => server.database.db.select().from(uploadAudio);

describe('a create call with sound', () => {
  it.each([
    [
      'a text file as the voice-over',
      async (): Promise<Sound> => ({
        voice: { bytes: Buffer.from('not a voice at all\n'.repeat(40)), fileName: 'voice.mp3' },
      }),
      415,
      'NOT_AUDIO',
      AUDIO_MESSAGES.notAudio,
    ],
    [
      'a WAV whose header lies about its length as the music',
      async (): Promise<Sound> => ({
        voice: { bytes: await makeAudio('MP3'), fileName: 'voice.mp3' },
        music: {
          bytes: lyingWav({ claimedSeconds: 2, seconds: AUDIO_LIMITS.maxSeconds + 5 }),
          fileName: 'music.wav',
        },
      }),
      400,
      'AUDIO_TOO_LONG',
      AUDIO_MESSAGES.tooLong,
    ],
  ])('is refused before any credit is taken: %s', async (_name, sound, status, code, message) => {
    const me = await person(servers.waiting);
    const before = await storedUploads(servers.waiting);
    const res = await me.create({}, await sound());
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ code, message });
    expect(await me.credits()).toBe(100);
    expect(await me.videoRows()).toEqual([]);
    expect(await me.usedBytes()).toBe(0);
    expect(await storedUploads(servers.waiting)).toEqual(before);
  });

  it('is refused while a voice-over larger than the limit arrives, charging nothing', async () => {
    const me = await person(servers.waiting);
    const before = await storedUploads(servers.waiting);
    const upload = oversizedUpload('voice', 3 * AUDIO_LIMITS.maxBytes, [
      { name: 'blobData', value: '{"drawingTime":1}' },
      { name: 'image', value: await boxImage(), fileName: 'box.png' },
    ]);
    const res = await me.call('/api/videos/create', upload.init);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'AUDIO_TOO_LARGE', message: AUDIO_MESSAGES.tooLarge });
    expect(upload.sent()).toBeLessThan(2 * AUDIO_LIMITS.maxBytes);
    expect(await me.credits()).toBe(100);
    expect(await me.videoRows()).toEqual([]);
    expect(await storedUploads(servers.waiting)).toEqual(before);
  });

  it("still holds the image to its own limit, which is lower than the sound files'", async () => {
    const me = await person(servers.waiting);
    const form = await createForm(
      {},
      { voice: { bytes: await makeAudio('MP3'), fileName: 'v.mp3' } },
    );
    form.set('image', new Blob([new Uint8Array(IMAGE_LIMITS.maxBytes + 1)]), 'huge.png');
    const res = await me.call('/api/videos/create', { method: 'POST', body: form });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
    expect(await me.credits()).toBe(100);
    expect(await me.videoRows()).toEqual([]);
  });

  it('keeps the files with the upload while the video waits, counted against the quota', async () => {
    const me = await person(servers.waiting);
    const res = await me.create(
      {},
      {
        voice: { bytes: await makeAudio('WebM', { seconds: 2 }), fileName: 'voice.webm' },
        music: { bytes: await makeAudio('FLAC', { seconds: 5 }), fileName: 'music.flac' },
      },
    );
    expect(res.status).toBe(201);
    const { video } = (await res.json()) as { video: Video };
    const [row] = await me.videoRows();
    const audio = (await uploadAudioRows(servers.waiting)).filter(
      (file) => file.imageId === row?.imageId,
    );
    expect(audio.map((file) => file.track).sort()).toEqual(['music', 'voice']);
    expect(audio.find((file) => file.track === 'music')?.durationSeconds).toBeCloseTo(5, 1);
    const stored = await storedUploads(servers.waiting);
    for (const track of ['voice', 'music']) expect(stored).toContain(`${row?.imageId}.${track}`);
    const [imageBytes] = await servers.waiting.database
      .executeSql('select size_bytes from images where id = $1', [row?.imageId])
      .then((result) => result.rows.map((r) => Number((r as { size_bytes: number }).size_bytes)));
    const audioBytes = audio.reduce((sum, file) => sum + file.bytes, 0);
    expect(await me.usedBytes()).toBe((imageBytes ?? 0) + audioBytes);
    // Sound is free: the same price as a silent video.
    expect(await me.credits()).toBe(100 - MODEL_CREDIT_COST[video.aiModel]);
  });
});

describe('a video with a voice-over and music', () => {
  it('carries them as AAC for its whole length, then deletes them with the upload', async () => {
    const me = await person(servers.rendering);
    const res = await me.create(
      { audio: { music: { loop: true, fadeInSeconds: 0.5, fadeOutSeconds: 0.5 } } },
      {
        voice: { bytes: await makeAudio('MP3', { seconds: 2.5 }), fileName: 'voice.mp3' },
        music: { bytes: await makeAudio('OGG/Opus', { seconds: 1.5 }), fileName: 'music.ogg' },
      },
    );
    expect(res.status).toBe(201);
    const { video } = (await res.json()) as { video: Video };
    expect(await me.credits()).toBe(100 - MODEL_CREDIT_COST[video.aiModel]);

    const done = await waitUntilFinished(servers.rendering.database, video.id);
    expect(done).toMatchObject({ status: 'completed', error: null });
    const mp4 = Buffer.from(
      await (await me.call(`/api/videos/${video.id}/download`)).arrayBuffer(),
    );
    const probed = await probeAudio(mp4, 'mp4');
    expect(probed.audioStream).toMatch(/^aac .*48000 Hz, stereo/);
    // The voice (2.5 s) outlasts the 1 s drawing: the video runs until it ends, and the sound
    // lasts as long as the picture.
    expect(done.durationSeconds).toBeGreaterThanOrEqual(2.5);
    expect(probed.audioSeconds).toBeCloseTo(done.durationSeconds ?? 0, 1);

    // Made: the upload and its sound are gone, and count no more.
    expect(
      (await storedUploads(servers.rendering)).filter((name) =>
        name.startsWith(done.imageId ?? ''),
      ),
    ).toEqual([]);
    expect(
      (await uploadAudioRows(servers.rendering)).filter((file) => file.imageId === done.imageId),
    ).toEqual([]);
    expect(await me.usedBytes()).toBe(0);
  });
});
