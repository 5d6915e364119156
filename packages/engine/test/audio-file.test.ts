/**
 * Uploaded audio: each format people have is kept as AAC in an M4A; a file that is not audio, is
 * cut short, too long (however its header reads), too short, surround or at an odd sample rate is
 * refused with its code and the contract's message, and nothing is kept.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUDIO_LIMITS, AUDIO_MESSAGES, STORED_AUDIO } from '@rasma/contract/audio';
import { beforeAll, describe, expect, it } from 'vitest';
import { readAudioFile, storeAudioFile } from '../src/audio-file.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import { mp4TopBoxes } from '../src/video-file.js';
import { freshDir } from './helpers.js';
import { ffmpegRun, makeSound, tone } from './sounds.js';

let ffmpeg: FfmpegInfo;
let dir: string;

beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
  dir = await freshDir();
});

/** Two seconds of a chord, stereo unless told, written as `name`. */
const chord = (name: string, args: readonly string[], seconds = 2) =>
  makeSound(ffmpeg.path, join(dir, name), {
    expr: `${tone(440, 0.3)}|${tone(550, 0.3)}`,
    seconds,
    args,
  });

/** The file's first half, as a cut-off upload is. */
async function firstHalf(file: string, name: string): Promise<string> {
  const bytes = await readFile(file);
  const cut = join(dir, name);
  await writeFile(cut, bytes.subarray(0, bytes.length / 2));
  return cut;
}

const store = (input: string) =>
  storeAudioFile({ input, output: join(dir, `${input.split('/').pop()}.stored.m4a`), ffmpeg });

describe('storeAudioFile accepts the formats people have', () => {
  // The bundled ffmpeg encodes all six itself: libmp3lame, aac, libopus, flac and PCM.
  it.each([
    ['voice.mp3', ['-c:a', 'libmp3lame', '-b:a', '128k'], 'mp3'],
    ['voice.m4a', ['-c:a', 'aac'], 'aac'],
    ['voice.wav', ['-ac', '1'], 'pcm_s16le'],
    ['voice.ogg', ['-c:a', 'libopus'], 'opus'],
    ['voice.webm', ['-c:a', 'libopus'], 'opus'],
    ['voice.flac', [], 'flac'],
  ])(
    '%s: kept as 48 kHz stereo AAC in an M4A, index first, its length read',
    async (name, args, codec) => {
      const input = await chord(name, args);
      const output = join(dir, `${name}.m4a`);
      const read = await storeAudioFile({ input, output, ffmpeg });
      expect(read.codec).toBe(codec);
      expect(read.channels).toBe(name.endsWith('.wav') ? 1 : 2);
      expect(read.durationSeconds).toBeCloseTo(2, 1);
      const kept = await readAudioFile(ffmpeg.path, output);
      expect(kept).toMatchObject({
        codec: 'aac',
        channels: 2,
        sampleRate: STORED_AUDIO.sampleRate,
      });
      expect(kept.durationSeconds).toBeCloseTo(2, 1);
      const boxes = await mp4TopBoxes(output);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    },
  );

  it('an MP3 cut short decodes cleanly up to the cut: kept, as the shorter file it is', async () => {
    const cut = await firstHalf(await chord('whole.mp3', ['-c:a', 'libmp3lame'], 4), 'half.mp3');
    expect((await store(cut)).durationSeconds).toBeCloseTo(2, 0);
  });
});

/**
 * A WAV header for 16-bit mono PCM at `rate` whose data chunk claims `claimedSeconds`, followed by
 * `seconds` of a tone.
 */
function wavClaiming(rate: number, claimedSeconds: number, seconds: number): Buffer {
  const samples = Math.round(rate * seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + claimedSeconds * rate * 2, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(claimedSeconds * rate * 2, 40);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  return Buffer.concat([header, data]);
}

describe('storeAudioFile refuses, keeping nothing', () => {
  const refused = async (input: string, code: string, message: string) => {
    const output = join(dir, `${input.split('/').pop()}.refused.m4a`);
    await expect(storeAudioFile({ input, output, ffmpeg })).rejects.toMatchObject({
      code,
      message,
    });
    expect(existsSync(output)).toBe(false);
    expect(existsSync(`${output}.part`)).toBe(false);
  };

  it('a text file named .mp3', async () => {
    const text = join(dir, 'notes.mp3');
    await writeFile(text, 'Hello, this is a text file and not a song at all.\n'.repeat(200));
    await refused(text, 'NOT_AUDIO', AUDIO_MESSAGES.notAudio);
  });

  it('an M4A and a FLAC cut in half (no index; a frame broken off)', async () => {
    await refused(
      await firstHalf(await chord('cut.m4a', ['-c:a', 'aac']), 'cut-half.m4a'),
      'NOT_AUDIO',
      AUDIO_MESSAGES.notAudio,
    );
    await refused(
      await firstHalf(await chord('cut.flac', []), 'cut-half.flac'),
      'NOT_AUDIO',
      AUDIO_MESSAGES.notAudio,
    );
  });

  it('an hour-long file', async () => {
    const hour = join(dir, 'hour.flac');
    const source = 'sine=f=220:sample_rate=8000:duration=3600';
    await ffmpegRun(ffmpeg.path, ['-loglevel', 'error', '-f', 'lavfi', '-i', source, hour]);
    await refused(hour, 'AUDIO_TOO_LONG', AUDIO_MESSAGES.tooLong);
  });

  it('a WAV whose header claims 10 s, holding more than the limit: its length is what decodes', async () => {
    const wav = join(dir, 'lying.wav');
    await writeFile(wav, wavClaiming(8000, 10, AUDIO_LIMITS.maxSeconds + 5));
    await refused(wav, 'AUDIO_TOO_LONG', AUDIO_MESSAGES.tooLong);
    // Held to its header, it would have passed as 10 s.
    const honest = join(dir, 'honest.wav');
    await writeFile(honest, wavClaiming(8000, 10, 10));
    expect((await store(honest)).durationSeconds).toBeCloseTo(10, 2);
  });

  it('six channels, a 4 kHz sample rate, a click of 0.2 s', async () => {
    await refused(
      await chord('surround.flac', ['-ac', '6']),
      'AUDIO_CHANNELS',
      AUDIO_MESSAGES.channels,
    );
    await refused(
      await chord('low.wav', ['-ar', '4000']),
      'AUDIO_SAMPLE_RATE',
      AUDIO_MESSAGES.sampleRate,
    );
    await refused(await chord('click.wav', [], 0.2), 'AUDIO_TOO_SHORT', AUDIO_MESSAGES.tooShort);
  });
});
