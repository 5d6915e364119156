/**
 * A video's sound, measured: loudness and true peak, the clicks of a voice heard when they were
 * said, the music ducked under the voice, looped, trimmed; a voice that lengthens the video; and a
 * render with sound cancelled or failing.
 */
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import { fileLoudness } from '../src/loudness.js';
import { MIX_LOUDNESS } from '../src/mix.js';
import { renderVideo } from '../src/render.js';
import type { InternalRenderParams } from '../src/render.js';
import { FPS } from '../src/timeline.js';
import { mp4Duration, probeVideo } from '../src/video-file.js';
import { scenePng } from './fixtures.js';
import { freshDir, isEmptyDir, processesMentioning } from './helpers.js';
import {
  clicks,
  during,
  hasAudioStream,
  makeSound,
  onsets,
  soundOf,
  speech,
  tone,
  toneLevel,
} from './sounds.js';

let ffmpeg: FfmpegInfo;
let scene: Buffer;

beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
  scene = await scenePng(80, 60);
});

/** A small, quick render (a 1 s drawing: a 3 s video unless the voice is longer) with sound. */
async function renderWith(
  audio: InternalRenderParams['audio'],
  over: Partial<InternalRenderParams> = {},
) {
  const output = join(await freshDir(), 'video.mp4');
  const lines: string[] = [];
  const result = await renderVideo({
    input: scene,
    output,
    longSide: 64,
    ffmpeg,
    audio,
    log: (line) => lines.push(line),
    ...over,
    options: { drawingTime: 1, ...over.options },
  });
  return { result, output, log: lines.join('\n') };
}

const sound = async (name: string, spec: Parameters<typeof makeSound>[2]) =>
  makeSound(ffmpeg.path, join(await freshDir(), name), spec);

/** Within 1 LU of the target, true peak at most -1 dBTP, as measured on the MP4's AAC. */
async function expectNormalised(video: string): Promise<void> {
  const { integrated, truePeak } = await fileLoudness(ffmpeg.path, video, { peak: true });
  expect(Math.abs(integrated - MIX_LOUDNESS.integrated)).toBeLessThanOrEqual(1);
  expect(truePeak).toBeLessThanOrEqual(MIX_LOUDNESS.truePeak);
}

describe('the mix is loudness-normalised', () => {
  it('a quiet voice (speech at -45 dBFS with pauses) is brought up to -16 LUFS', async () => {
    const voice = await sound('quiet.m4a', {
      expr: speech(
        [
          [0.2, 1.2],
          [2, 2.8],
        ],
        0.006,
      ),
      seconds: 3,
      args: ['-c:a', 'aac'],
    });
    const { output } = await renderWith({ voice });
    await expectNormalised(output);
  });

  it('loud music under a loud voice is brought down to -16 LUFS', async () => {
    const voice = await sound('loud.wav', { expr: speech([[0.3, 2.5]], 0.95), seconds: 3 });
    const music = await sound('loud.flac', {
      expr: `${tone(220, 0.7)}|${tone(330, 0.7)}`,
      seconds: 4,
    });
    const { output } = await renderWith({ voice, music });
    await expectNormalised(output);
  });

  it('speech with long pauses whose peaks a plain gain would clip lands on the target, limited', async () => {
    // Speech at some -22 LUFS with clicks near full scale: a gain to -16 LUFS would lift them
    // past 0 dBTP.
    const voice = await sound('peaks.mp3', {
      expr: `${speech(
        [
          [0.2, 0.9],
          [3.5, 4.1],
        ],
        0.15,
      )}+${clicks([0.5, 3.7], 0.95)}`,
      seconds: 4.5,
      args: ['-c:a', 'libmp3lame', '-b:a', '128k'],
    });
    const { output, log } = await renderWith({ voice });
    expect(log).toMatch(/LUFS \(limited/);
    await expectNormalised(output);
  });
});

describe('A/V sync', () => {
  it('each click of the voice is heard within one frame of when it was said, music or not', async () => {
    const times = [0.4, 1.15, 2.05, 3.3];
    // MP3 at 44.1 kHz: an encoder delay to skip, and a resampling, between the click and the mix.
    const voice = await sound('clicks.mp3', {
      expr: clicks(times),
      seconds: 3.6,
      rate: 44_100,
      args: ['-c:a', 'libmp3lame', '-b:a', '128k'],
    });
    const music = await sound('bed.m4a', {
      expr: tone(110, 0.05),
      seconds: 5,
      args: ['-c:a', 'aac'],
    });
    for (const audio of [{ voice }, { voice, music }]) {
      const { output } = await renderWith(audio);
      const heard = onsets(await soundOf(ffmpeg.path, output));
      expect(heard).toHaveLength(times.length);
      heard.forEach((at, i) => expect(Math.abs(at - times[i]!)).toBeLessThan(1 / FPS));
    }
  });
});

describe('the music', () => {
  it('ducks at least 6 dB while the voice speaks and comes back in its pauses', async () => {
    const speaking = [
      [1, 3],
      [6, 8],
    ] as const;
    const voice = await sound('voice.wav', {
      expr: `${tone(2000, 0.3)}*${during(speaking)}`,
      seconds: 8,
    });
    const music = await sound('music.m4a', {
      expr: tone(150, 0.3),
      seconds: 10,
      args: ['-c:a', 'aac', '-ac', '2'],
    });
    const { output } = await renderWith(
      { voice, music },
      { options: { audio: { music: { fadeInSeconds: 0, fadeOutSeconds: 0 } } } },
    );
    const heard = await soundOf(ffmpeg.path, output);
    const music150 = (from: number, to: number) => toneLevel(heard, 150, from, to);
    const pauses = [music150(0.2, 0.9), music150(4.5, 5.9)];
    const spoken = [music150(1.5, 2.9), music150(6.5, 7.9)];
    for (const pause of pauses)
      for (const speech of spoken) expect(pause - speech).toBeGreaterThanOrEqual(6);
  });

  it('shorter than the video, plays again from its start (loop), or stops (no loop)', async () => {
    const music = await sound('second.m4a', {
      expr: tone(440, 0.3),
      seconds: 1,
      args: ['-c:a', 'aac'],
    });
    const level = async (loop: boolean) => {
      const options = { audio: { music: { loop, fadeInSeconds: 0, fadeOutSeconds: 0 } } };
      const heard = await soundOf(ffmpeg.path, (await renderWith({ music }, { options })).output);
      return [0.2, 1.2, 2.2].map((from) => toneLevel(heard, 440, from, from + 0.6));
    };
    const [first, second, third] = await level(true);
    expect(Math.abs(second! - first!)).toBeLessThan(1);
    expect(Math.abs(third! - first!)).toBeLessThan(1);
    const [once, after] = await level(false);
    expect(once! - after!).toBeGreaterThan(40);
  });
});

describe('trim and length', () => {
  it('a trimmed voice starts at its trim: a click before it is not heard, the one after is, moved', async () => {
    const voice = await sound('trim.wav', { expr: clicks([0.3, 1.5]), seconds: 2.5 });
    const options = { audio: { voice: { trimStart: 1 } } };
    const { output } = await renderWith({ voice }, { options });
    const heard = onsets(await soundOf(ffmpeg.path, output));
    expect(heard).toHaveLength(1);
    expect(Math.abs(heard[0]! - 0.5)).toBeLessThan(1 / FPS);
  });

  it('a voice longer than the drawing holds the finished picture until it ends, and half a second', async () => {
    const voice = await sound('long.wav', { expr: speech([[0, 4.2]], 0.3), seconds: 4.2 });
    const { output, result } = await renderWith({ voice });
    // 4.2 s of voice + 0.5 s: 141 frames (a 1 s drawing alone makes 3 s, 90 frames).
    const video = await probeVideo(ffmpeg.path, output);
    expect(video.frames).toBe(141);
    expect(result).toMatchObject({ frames: 141, durationSeconds: 4.7 });
    // The header's length, which players show, is the picture's: the sound does not outlast it.
    expect(await mp4Duration(output)).toBeCloseTo(4.7, 3);
    // The sound lasts the video, ending within two AAC frames of the last frame.
    const heard = (await soundOf(ffmpeg.path, output)).length / 48_000;
    expect(heard).toBeLessThanOrEqual(4.7);
    expect(heard).toBeGreaterThan(4.7 - 0.05);
  });

  it('a video without sound has no audio stream', async () => {
    const { output } = await renderWith(undefined);
    expect(await hasAudioStream(ffmpeg.path, output)).toBe(false);
    expect(
      await hasAudioStream(
        ffmpeg.path,
        (await renderWith({ music: await sound('m.wav', { expr: tone(300, 0.2), seconds: 1 }) }))
          .output,
      ),
    ).toBe(true);
  });
});

/**
 * An ffmpeg that runs the real one, but does `mix` for the mix's passes (those whose graph ends in
 * `[mix]`) instead: `fail` exits at once, `slow` reads the inputs in real time.
 */
async function ffmpegThat(mix: 'fail' | 'slow'): Promise<FfmpegInfo> {
  const path = join(await freshDir(), 'ffmpeg');
  const action = mix === 'fail' ? 'echo "mix broke" >&2; exit 1' : `exec "${ffmpeg.path}" -re "$@"`;
  await writeFile(
    path,
    `#!/bin/sh\ncase "$*" in *'[mix]'*) ${action} ;; esac\nexec "${ffmpeg.path}" "$@"\n`,
  );
  await chmod(path, 0o755);
  return { ...ffmpeg, path };
}

describe('a render with sound', () => {
  it('fails with the mix, clearly, leaving no file or process behind', async () => {
    const temp = await freshDir();
    const voice = await sound('voice.wav', { expr: speech([[0, 2]], 0.3), seconds: 2 });
    const promise = renderWith({ voice }, { ffmpeg: await ffmpegThat('fail'), tempDir: temp });
    await expect(promise).rejects.toMatchObject({ code: 'FFMPEG_FAILED' });
    await expect(promise).rejects.toThrow(/^The sound could not be mixed: mix broke/);
    expect(await isEmptyDir(temp)).toBe(true);
  });

  it('cancelled while mixing, stops the mix, writes nothing and leaves no file or process', async () => {
    const temp = await freshDir();
    const dir = await freshDir();
    const voice = await makeSound(ffmpeg.path, join(dir, 'voice-cancelled.wav'), {
      expr: speech([[0, 20]], 0.3),
      seconds: 20,
    });
    const controller = new AbortController();
    // The mix's passes (its graph starts by resampling the voice; reading it splits it).
    const mixing = () => processesMentioning(`${voice}\0-filter_complex\0[0:a:0]aresample`);
    const promise = renderWith(
      { voice },
      { ffmpeg: await ffmpegThat('slow'), tempDir: temp, signal: controller.signal },
    );
    promise.catch(() => undefined);
    await expect.poll(mixing, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
    controller.abort();
    await expect(promise).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await mixing()).toBe(0);
    expect(await isEmptyDir(temp)).toBe(true);
  });
});
