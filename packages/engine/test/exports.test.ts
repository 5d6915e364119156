/**
 * The files made besides the MP4, read back with ffmpeg as a player would: the WebM is VP9 (with
 * Opus when the video has sound) with the MP4's frames and duration, the GIF a GIF at its step's
 * frame rate under its limit, and the transparent WebM VP9 whose alpha plane is 0 on the paper and
 * opaque on the ink.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GIF_LIMITS } from '@rasma/contract/exports';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeGif, makeWebm } from '../src/export-files.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import { renderVideo } from '../src/render.js';
import type { RenderResult } from '../src/render-params.js';
import { FPS } from '../src/timeline.js';
import { probeVideo } from '../src/video-file.js';
import { linesPng } from './fixtures.js';
import { freshDir } from './helpers.js';
import { ffmpegRun, makeSound, tone } from './sounds.js';

let ffmpeg: FfmpegInfo;
let dir: string;
/** A short drawing with a voice-over, and its transparent WebM made in the same render. */
let video: RenderResult;
const LONG_SIDE = 160;

beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
  dir = await freshDir();
  const voice = await makeSound(ffmpeg.path, join(dir, 'voice.wav'), {
    expr: tone(440, 0.3),
    seconds: 1,
  });
  video = await renderVideo({
    input: await linesPng(320, 180),
    output: join(dir, 'video.mp4'),
    transparentOutput: join(dir, 'transparent.webm'),
    options: { drawingTime: 2, shape: '16:9', hand: 'none' },
    longSide: LONG_SIDE,
    audio: { voice },
    ffmpeg,
  });
}, 120_000);

/** ffmpeg's listing of a file's streams and their tags (what ffprobe would print). */
async function streams(file: string): Promise<string> {
  // With no output ffmpeg lists the input and exits 1: its listing is in the error.
  return ffmpegRun(ffmpeg.path, ['-i', file]).then(
    ({ stderr }) => stderr,
    (error: Error) => error.message,
  );
}

/** Every frame of a video decoded to RGBA (the transparent WebM's alpha needs libvpx's decoder). */
async function rgbaFrames(file: string, decoder: string[] = []): Promise<Buffer[]> {
  const { stdout } = await ffmpegRun(ffmpeg.path, [
    '-loglevel',
    'error',
    ...decoder,
    '-i',
    file,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    'pipe:1',
  ]);
  const size = video.width * video.height * 4;
  return Array.from({ length: stdout.length / size }, (_, i) =>
    stdout.subarray(i * size, (i + 1) * size),
  );
}

describe('exports of a finished video', () => {
  it('makes a WebM: VP9 with Opus, the same frames and duration as the MP4', async () => {
    const output = join(dir, 'video.webm');
    await makeWebm({ ffmpegPath: ffmpeg.path, input: video.output, output });
    const listing = await streams(output);
    expect(listing).toMatch(/Input #0, matroska,webm/);
    expect(listing).toMatch(/Video: vp9/);
    expect(listing).toMatch(/Audio: opus/);
    const [mp4, webm] = await Promise.all([
      probeVideo(ffmpeg.path, video.output),
      probeVideo(ffmpeg.path, output),
    ]);
    expect(webm.frames).toBe(mp4.frames);
    expect(webm.frames).toBe(video.frames);
    expect(Math.abs(webm.durationSeconds - mp4.durationSeconds)).toBeLessThanOrEqual(1 / FPS);
    expect([webm.width, webm.height]).toEqual([mp4.width, mp4.height]);
  });

  it('makes a WebM without sound from a silent MP4', async () => {
    const silent = await renderVideo({
      input: await linesPng(320, 180),
      output: join(dir, 'silent.mp4'),
      options: { drawingTime: 1, shape: '16:9', hand: 'none' },
      longSide: LONG_SIDE,
      ffmpeg,
    });
    const output = join(dir, 'silent.webm');
    await makeWebm({ ffmpegPath: ffmpeg.path, input: silent.output, output });
    const listing = await streams(output);
    expect(listing).toMatch(/Video: vp9/);
    expect(listing).not.toMatch(/Audio:/);
    expect((await probeVideo(ffmpeg.path, output)).frames).toBe(silent.frames);
  });

  it('makes a GIF at the first step that fits, with the frames its frame rate implies', async () => {
    const output = join(dir, 'video.gif');
    const { bytes, step } = await makeGif({
      ffmpegPath: ffmpeg.path,
      input: video.output,
      output,
      tempPalette: join(dir, 'palette.png'),
    });
    expect(step).toEqual(GIF_LIMITS.steps[0]);
    expect(bytes).toBe((await stat(output)).size);
    expect(bytes).toBeLessThanOrEqual(GIF_LIMITS.maxBytes);
    expect(await streams(output)).toMatch(/Video: gif/);
    const gif = await probeVideo(ffmpeg.path, output);
    expect(Math.abs(gif.frames - video.durationSeconds * step.fps)).toBeLessThanOrEqual(1);
    // Smaller than the step's long side: the video's own size, never scaled up.
    expect([gif.width, gif.height]).toEqual([video.width, video.height]);
  });

  it('steps down in size and frame rate only while the GIF is over its limit', async () => {
    const output = join(dir, 'stepped.gif');
    const steps = [
      { longSide: 160, fps: 12 },
      { longSide: 80, fps: 6 },
    ] as const;
    const first = await makeGif({
      ffmpegPath: ffmpeg.path,
      input: video.output,
      output,
      tempPalette: join(dir, 'palette.png'),
    });
    // A limit just under the first step's size: the second step is made, and fits.
    const { bytes, step } = await makeGif(
      { ffmpegPath: ffmpeg.path, input: video.output, output, tempPalette: join(dir, 'p.png') },
      { maxBytes: first.bytes - 1, steps },
    );
    expect(step).toEqual(steps[1]);
    expect(bytes).toBeLessThan(first.bytes);
    const gif = await probeVideo(ffmpeg.path, output);
    expect(gif.width).toBe(80);
    expect(Math.abs(gif.frames - video.durationSeconds * 6)).toBeLessThanOrEqual(1);
  });

  it('makes the transparent WebM in the render: VP9 with alpha, 0 on paper, opaque on ink', async () => {
    const output = video.transparentOutput!;
    expect(output).toBe(join(dir, 'transparent.webm'));
    const listing = await streams(output);
    expect(listing).toMatch(/Video: vp9/);
    expect(listing).toMatch(/alpha_mode\s*: 1/);
    const [mp4, clear] = await Promise.all([
      rgbaFrames(video.output),
      rgbaFrames(output, ['-c:v', 'libvpx-vp9']),
    ]);
    expect(clear.length).toBe(video.frames);
    // The finished drawing: where the MP4 shows paper the WebM is clear, where it shows ink the
    // WebM is opaque ink (both lossy: a few levels of either beside an edge).
    const [shown, layer] = [mp4.at(-1)!, clear.at(-1)!];
    let paper = 0;
    let clearPaper = 0;
    let ink = 0;
    for (let p = 0; p < shown.length; p += 4) {
      const grey = shown[p + 1]!;
      if (grey >= 250) {
        paper++;
        if (layer[p + 3] === 0) clearPaper++;
        expect(layer[p + 3]).toBeLessThanOrEqual(16);
      } else if (grey < 80) {
        ink++;
        expect(layer[p + 3]).toBeGreaterThanOrEqual(240);
        expect(layer[p + 1]).toBeLessThan(100);
      }
    }
    expect(paper).toBeGreaterThan(shown.length / 4 / 2);
    expect(clearPaper).toBeGreaterThan(paper * 0.95);
    expect(ink).toBeGreaterThan(100);
  });

  it('keeps the GIF of a 15 s 1080p colour drawing of a photo under its limit', async () => {
    const photo = await freshDir();
    const long = await renderVideo({
      input: fileURLToPath(new URL('real-photos/landscape-meadow.jpg', import.meta.url)),
      output: join(photo, 'long.mp4'),
      options: { drawingTime: 15, size: 1920, shape: '16:9', aiModel: 'rasma-ai-color' },
      ffmpeg,
    });
    expect([long.width, long.height]).toEqual([1920, 1080]);
    const { bytes, step } = await makeGif({
      ffmpegPath: ffmpeg.path,
      input: long.output,
      output: join(photo, 'long.gif'),
      tempPalette: join(photo, 'palette.png'),
    });
    expect(bytes).toBeLessThanOrEqual(GIF_LIMITS.maxBytes);
    const gif = await probeVideo(ffmpeg.path, join(photo, 'long.gif'));
    expect(Math.max(gif.width, gif.height)).toBe(step.longSide);
    expect(Math.abs(gif.frames - long.durationSeconds * step.fps)).toBeLessThanOrEqual(1);
  }, 300_000);
});
