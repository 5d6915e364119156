import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { colourSeconds } from '../src/colour.js';
import { decodeImage } from '../src/decode.js';
import { EngineError } from '../src/errors.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import { renderVideo } from '../src/render.js';
import { FPS, HOLD_SECONDS, planSketch } from '../src/sketch.js';
import { extractFrame, mp4Duration, mp4TopBoxes } from '../src/video-file.js';
import { scenePng } from './fixtures.js';
import { freshDir, isEmptyDir, psnr, sketchParams } from './helpers.js';

const LONG_SIDE = 200;
let ffmpeg: FfmpegInfo;
let scene: Buffer;

beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
  scene = await scenePng(300, 225);
});

/** Processes whose command line mentions `text` (to check ffmpeg is gone). */
async function processesMentioning(text: string): Promise<number> {
  let count = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const { readFile } = await import('node:fs/promises');
      if ((await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes(text)) count++;
    } catch {
      // gone already
    }
  }
  return count;
}

describe('renderSketchVideo', () => {
  it('black and white: the last frame is the outline, duration is drawing + hold, progress rises to 100', async () => {
    const dir = await freshDir();
    const temp = await freshDir();
    const output = join(dir, 'out.mp4');
    const progress: number[] = [];
    const result = await renderVideo({
      input: scene,
      output,
      options: { drawingTime: 2 },
      longSide: LONG_SIDE,
      ffmpeg,
      tempDir: temp,
      onProgress: (p) => progress.push(p),
    });
    expect(result.width % 2).toBe(0);
    expect(result.height % 2).toBe(0);
    expect(result.width / result.height).toBeCloseTo(300 / 225, 1);
    expect(result.durationSeconds).toBe(2 + HOLD_SECONDS);
    expect(Math.abs((await mp4Duration(output)) - (2 + HOLD_SECONDS))).toBeLessThanOrEqual(1 / FPS);
    const boxes = await mp4TopBoxes(output);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect((await stat(result.thumbnail)).size).toBeGreaterThan(500);

    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]!);
    expect(await isEmptyDir(temp)).toBe(true);

    // Bound: the decoded last frame is within 30 dB PSNR of the outline picture.
    const image = await decodeImage(scene, { longSide: LONG_SIDE });
    const sketch = planSketch(image, sketchParams({ drawingTime: 2 }));
    const last = await extractFrame(ffmpeg.path, output, -0.05, 'gray');
    expect(last.length).toBe(result.width * result.height);
    expect(psnr(last, sketch.grey)).toBeGreaterThanOrEqual(30);
    // Half way through, part of the picture is still missing (it is being drawn).
    const middle = await extractFrame(ffmpeg.path, output, 1, 'gray');
    expect(psnr(middle, sketch.grey)).toBeLessThan(25);
  });

  it('colour: the last frame matches the source colours, duration includes the colour phase', async () => {
    const dir = await freshDir();
    const output = join(dir, 'colour.mp4');
    const result = await renderVideo({
      input: scene,
      output,
      options: { drawingTime: 1, aiModel: 'rasma-ai-color' },
      longSide: LONG_SIDE,
      ffmpeg,
    });
    const expected = 1 + Math.round(colourSeconds(1) * FPS) / FPS + HOLD_SECONDS;
    expect(result.durationSeconds).toBeCloseTo(expected, 6);
    expect(Math.abs((await mp4Duration(output)) - expected)).toBeLessThanOrEqual(1 / FPS);
    const last = await extractFrame(ffmpeg.path, output, -0.05, 'rgb24');
    const source = await decodeImage(scene, { longSide: LONG_SIDE });
    const sketch = planSketch(source, sketchParams({ drawingTime: 1, colour: true }));
    // Off the lines, the colours are the source's: mean absolute error per channel under 8.
    let sum = 0;
    let n = 0;
    for (let p = 0; p < result.width * result.height; p++) {
      if (sketch.outline.ink[p]) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs(last[p * 3 + c]! - source.data[p * 4 + c]!);
      n += 3;
    }
    expect(sum / n).toBeLessThan(8);
  });

  it('cancelling stops ffmpeg, removes the temp files and writes no output', async () => {
    const dir = await freshDir();
    const temp = await freshDir();
    const controller = new AbortController();
    const output = join(dir, 'never.mp4');
    const promise = renderVideo({
      input: scene,
      output,
      options: { drawingTime: 20 },
      longSide: LONG_SIDE,
      ffmpeg,
      tempDir: temp,
      signal: controller.signal,
      onProgress: (p) => {
        if (p >= 20) controller.abort();
      },
    });
    await expect(promise).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await isEmptyDir(temp)).toBe(true);
    expect(await isEmptyDir(dir)).toBe(true);
    expect(await processesMentioning(temp)).toBe(0);
  });

  it('refuses to start when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const promise = renderVideo({
      input: scene,
      output: '/tmp/x.mp4',
      signal: controller.signal,
      ffmpeg,
    });
    await expect(promise).rejects.toBeInstanceOf(EngineError);
    await expect(promise).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
