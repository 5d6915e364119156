import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { colourSeconds, FPS, HOLD_SECONDS } from '../src/timeline.js';
import { decodeImage } from '../src/decode.js';
import { FfmpegEncoder, ffmpegArgs } from '../src/encoder.js';
import { KIND } from '../src/hatch.js';
import { GREY_TO_Y } from '../src/yuv.js';
import type { EncodeSettings } from '../src/encoder.js';
import { EngineError } from '../src/errors.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import { PlanWorker } from '../src/parallel.js';
import { renderVideo, STAGE_LOG } from '../src/render.js';
import type { RenderResult } from '../src/render.js';
import { planSketch } from '../src/sketch.js';
import {
  extractFrame,
  mp4Duration,
  mp4KeyFrames,
  mp4TopBoxes,
  probeVideo,
} from '../src/video-file.js';
import { scenePng, sidewaysPhoto } from './fixtures.js';
import { photoPng } from './photos.js';
import {
  frameSink,
  freshDir,
  isEmptyDir,
  processesMentioning,
  psnr,
  sketchParams,
} from './helpers.js';

const LONG_SIDE = 200;
let ffmpeg: FfmpegInfo;
let scene: Buffer;

beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
  scene = await scenePng(300, 225);
});

/**
 * The MP4 holds exactly `seconds` of frames at the result's size, and the result reports what the
 * file holds (read back by decoding it, not taken from the plan).
 */
async function expectVideo(output: string, result: RenderResult, seconds: number): Promise<void> {
  const video = await probeVideo(ffmpeg.path, output);
  expect(video).toMatchObject({
    width: result.width,
    height: result.height,
    frames: Math.round(seconds * FPS),
  });
  expect(video.durationSeconds).toBeCloseTo(seconds, 6);
  expect(result.frames).toBe(video.frames);
  expect(result.durationSeconds).toBeCloseTo(video.durationSeconds, 6);
  // The container header, which players show, agrees within half a frame.
  expect(Math.abs((await mp4Duration(output)) - seconds)).toBeLessThan(0.5 / FPS);
}

/** Grey bytes of an image, resized to width x height. */
function greyPixels(image: string | Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(image).resize(width, height, { fit: 'fill' }).greyscale().raw().toBuffer();
}

/**
 * How much `picture` looks like the drawing of `source` (both grey, same size): the share of the
 * source's black pixels that the pen drew (dark ink within 2 px: a dark area is outlined and
 * hatched, not filled), and of its light pixels that are white paper there.
 */
function likeDrawingOf(
  picture: Uint8Array,
  source: Uint8Array,
  width: number,
): { ink: number; paper: number } {
  const height = source.length / width;
  const inkNear = (p: number) => {
    const x = p % width;
    const y = (p - x) / width;
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < width && yy < height && picture[yy * width + xx]! < 128)
          return true;
      }
    return false;
  };
  let lines = 0;
  let inked = 0;
  let light = 0;
  let paper = 0;
  source.forEach((v, p) => {
    if (v < 64) {
      lines++;
      if (inkNear(p)) inked++;
    } else if (v > 150) {
      light++;
      if (picture[p]! > 235) paper++;
    }
  });
  return { ink: inked / lines, paper: paper / light };
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
    await expectVideo(output, result, 2 + HOLD_SECONDS);
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

  it("colour: the last frame is a coloured drawing (the picture's colours, lines on top), duration includes the colour phase", async () => {
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
    await expectVideo(output, result, expected);
    const last = await extractFrame(ffmpeg.path, output, -0.05, 'rgb24');
    const source = await decodeImage(scene, { longSide: LONG_SIDE });
    const sketch = planSketch(source, sketchParams({ drawingTime: 1, colour: true }));
    const luma = (d: ArrayLike<number>, j: number) =>
      0.2126 * d[j]! + 0.7152 * d[j + 1]! + 0.0722 * d[j + 2]!;
    let offError = 0;
    let off = 0;
    let inkLuma = 0;
    let sourceLuma = 0;
    let lines = 0;
    for (let p = 0; p < result.width * result.height; p++) {
      const kind = sketch.outline.kind[p]! & 7;
      if (kind === KIND.contour || kind === KIND.detail) {
        inkLuma += luma(last, p * 3);
        sourceLuma += luma(source.data, p * 4);
        lines++;
        continue;
      }
      if (sketch.outline.ink[p]) continue; // hatching: a light texture over the colour
      for (let c = 0; c < 3; c++) offError += Math.abs(last[p * 3 + c]! - source.data[p * 4 + c]!);
      off += 3;
    }
    // Off the ink, the source's own colours (up to the encoding).
    expect(offError / off).toBeLessThan(8);
    expect(lines).toBeGreaterThan(500);
    expect(inkLuma / sourceLuma).toBeLessThanOrEqual(0.6);
  });

  it('renders a vertical 9:16 video: the picture fitted on the paper, its zones moved with it', async () => {
    const output = join(await freshDir(), 'vertical.mp4');
    // A zone with full fill over the scene's top-left corner (source pixels).
    const zone = { id: '1', points: [{ x: 40, y: 40 }], brushSize: 60, fillLevel: 100 };
    const result = await renderVideo({
      input: scene,
      output,
      options: { drawingTime: 1, shape: '9:16', strokeMasks: [zone] },
      longSide: 320,
      ffmpeg,
    });
    expect([result.width, result.height]).toEqual([180, 320]);
    await expectVideo(output, result, 1 + HOLD_SECONDS);
    const last = await extractFrame(ffmpeg.path, output, -0.05, 'gray');
    // 300x225 fitted into 160 px: 160x120 at (10, 100); above and below it, paper.
    const rows = (y0: number, y1: number) => {
      let dark = 0;
      for (let y = y0; y < y1; y++)
        for (let x = 0; x < 180; x++) if (last[y * 180 + x]! < 128) dark++;
      return dark;
    };
    expect(rows(0, 95)).toBe(0);
    expect(rows(225, 320)).toBe(0);
    expect(rows(100, 220)).toBeGreaterThan(300);
    // The zone follows the picture: it lies at (10 + 40 * 0.533, 100 + 40 * 0.533), not at (40, 40).
    const image = await decodeImage(scene, { frame: { width: 180, height: 320 } });
    expect(image.placement.scale).toBeCloseTo(160 / 300, 6);
    const sketch = planSketch(image, {
      ...sketchParams({ drawingTime: 1 }),
      zones: [{ ...zone, direction: 'Left to right', points: [{ x: 31, y: 121 }], brushSize: 32 }],
    });
    expect(psnr(last, sketch.grey)).toBeGreaterThanOrEqual(30);
  });

  it('a drawing video is small: at most 75 % of the same frames at the x264 preset alone', async () => {
    const dir = await freshDir();
    const render = (plain: boolean) =>
      renderVideo({
        input: scene,
        output: join(dir, plain ? 'plain.mp4' : 'engine.mp4'),
        options: { drawingTime: 10 },
        longSide: 480,
        ffmpeg,
        tempDir: dir,
        // The preset's own settings: the engine's arguments without its forced key frames and
        // x264 parameters.
        ...(plain && {
          sink: (settings: EncodeSettings) => {
            const args = ffmpegArgs(settings);
            for (const flag of ['-force_key_frames', '-x264-params'])
              args.splice(args.indexOf(flag), 2);
            return new FfmpegEncoder(ffmpeg.path, args);
          },
        }),
      });
    const [engine, plain] = await Promise.all([render(false), render(true)]);
    const bytes = async (result: RenderResult) => (await stat(result.output)).size;
    expect(await bytes(engine)).toBeLessThanOrEqual(0.75 * (await bytes(plain)));
  });

  it('makes the very same frames when its second planning thread is gone (colour model)', async () => {
    const dir = await freshDir();
    const framesOf = async (planWorker?: PlanWorker) => {
      const hash = createHash('sha1');
      let frames = 0;
      await renderVideo({
        input: await photoPng('portrait'),
        output: join(dir, 'unused.mp4'),
        options: { drawingTime: 2, aiModel: 'rasma-ai-color' },
        longSide: 160,
        ffmpeg,
        ...(planWorker && { planWorker }),
        sink: frameSink(async (data) => {
          hash.update(data);
          frames++;
        }),
      });
      return { frames, sha1: hash.digest('hex') };
    };
    const gone = new PlanWorker();
    await gone.close();
    // Without it this thread draws the pen lines and plans the colour itself.
    const alone = await framesOf(gone);
    expect(alone.frames).toBe(2 * FPS + colourSeconds(2) * FPS);
    expect(alone).toEqual(await framesOf());
  });

  it('hands its first frame to the encoder before the strokes are all ordered (the rest between frames)', async () => {
    const log: string[] = [];
    await renderVideo({
      input: scene,
      output: join(await freshDir(), 'stages.mp4'),
      options: { drawingTime: 3, hand: 'none' },
      longSide: LONG_SIDE,
      ffmpeg,
      log: (line) => log.push(line),
    });
    const stage = (name: string) => log.findIndex((line) => line.startsWith(name));
    const stages = [STAGE_LOG.prepared, STAGE_LOG.firstFrame, STAGE_LOG.ordered].map(stage);
    expect(stages[0], log.join('\n')).toBeGreaterThanOrEqual(0);
    expect(stages, log.join('\n')).toEqual([...stages].sort((a, b) => a - b));
  });

  it('has a key frame every 20 s of drawing and colour, and none in the hold', async () => {
    const dir = await freshDir();
    const keyFrames = async (drawingTime: number) => {
      const output = join(dir, `${drawingTime}.mp4`);
      const result = await renderVideo({
        input: scene,
        output,
        options: { drawingTime, aiModel: 'rasma-ai-color' },
        longSide: 64,
        ffmpeg,
      });
      return { keys: await mp4KeyFrames(output), frames: result.frames };
    };
    // 15 s: 563 frames drawn, then the hold runs past 20 s (623 frames): one key frame.
    expect(await keyFrames(15)).toEqual({ keys: [0], frames: 623 });
    // 45 s: 1500 frames drawn, 1560 in all.
    expect(await keyFrames(45)).toEqual({ keys: [0, 600, 1200], frames: 1560 });
  });

  it('draws with the hand, the pen alone or nothing: no hand pixels without the hand', async () => {
    const dir = await freshDir();
    const framesWith = async (hand: 'hand' | 'pen' | 'none') => {
      const frames: Uint8Array[] = [];
      const result = await renderVideo({
        input: scene,
        output: join(dir, `${hand}.mp4`),
        options: { drawingTime: 1, hand },
        longSide: 160,
        ffmpeg,
        sink: frameSink(async (data) => {
          frames.push(Uint8Array.from(data));
        }),
      });
      const n = result.width * result.height;
      const last = frames.at(-1)!;
      // Luma neither paper nor the finished drawing's, and colour (the drawing is grey).
      let drawn = 0;
      let colour = 0;
      for (const frame of frames) {
        for (let p = 0; p < n; p++)
          if (frame[p] !== GREY_TO_Y[255] && frame[p] !== last[p]) drawn++;
        for (let i = n; i < frame.length; i++) colour = Math.max(colour, Math.abs(frame[i]! - 128));
      }
      return { drawn, colour };
    };
    const hand = await framesWith('hand');
    const pen = await framesWith('pen');
    const none = await framesWith('none');
    // The hand: skin and sleeve. The pen alone: something drawing, in greys. Nothing: the drawing.
    expect(hand.colour).toBeGreaterThan(20);
    expect(pen.drawn).toBeGreaterThan(100);
    expect(pen.drawn).toBeLessThan(hand.drawn / 2);
    expect(pen.colour).toBeLessThanOrEqual(8);
    expect(none).toEqual({ drawn: 0, colour: 0 });
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

describe('a phone photo taken sideways (EXIF orientation 6)', () => {
  /** Renders the photo at long side 720, inside each test (Stryker maps coverage to tests). */
  async function renderPhoto(): Promise<{ upright: Buffer; result: RenderResult }> {
    const { jpeg, upright } = await sidewaysPhoto();
    const output = join(await freshDir(), 'phone.mp4');
    const options = { drawingTime: 1 };
    const result = await renderVideo({ input: jpeg, output, options, longSide: 720, ffmpeg });
    return { upright, result };
  }

  it('is drawn upright: a portrait video ending with the lines where the upright photo has them', async () => {
    const { upright, result } = await renderPhoto();
    expect(await probeVideo(ffmpeg.path, result.output)).toMatchObject({ width: 480, height: 720 });
    const last = await extractFrame(ffmpeg.path, result.output, -0.05, 'gray');
    const drawing = likeDrawingOf(last, await greyPixels(upright, 480, 720), 480);
    expect(drawing.ink).toBeGreaterThan(0.9);
    expect(drawing.paper).toBeGreaterThan(0.95);
  });

  it('has an upright thumbnail 640 px on its long side showing the finished drawing', async () => {
    const { upright, result } = await renderPhoto();
    const thumbnail = await sharp(result.thumbnail)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([thumbnail.info.width, thumbnail.info.height]).toEqual([427, 640]);
    const drawing = likeDrawingOf(thumbnail.data, await greyPixels(upright, 427, 640), 427);
    expect(drawing.ink).toBeGreaterThan(0.9);
    expect(drawing.paper).toBeGreaterThan(0.95);
  });
});
