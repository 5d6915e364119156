/** renderSketchVideo: validate, decode, plan, render frames incrementally, encode, clean up. */
import { copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { decodeImage, shapeFrame, videoLayout } from './decode.js';
import type { DecodeOptions } from './decode.js';
import { DEFAULT_CRF, DEFAULT_PRESET, FfmpegEncoder, X264_TUNING, ffmpegArgs } from './encoder.js';
import type { EncodeSettings, FrameSink } from './encoder.js';
import { EngineError } from './errors.js';
import type { FfmpegInfo } from './ffmpeg.js';
import { resolveFfmpeg } from './ffmpeg.js';
import { FrameRenderer } from './frames.js';
import { handPose, loadHand } from './hand.js';
import type { RenderOptions, RenderOptionsInput } from './options.js';
import { parseRenderOptions } from './options.js';
import { planColour } from './colour.js';
import type { ColourResult } from './colour.js';
import { outlineInParallel, PlanWorker } from './parallel.js';
import { colourPlanParams, planSketch, sketchOutlineParams } from './sketch.js';
import type { SketchParams } from './sketch.js';
import { hatchStrokes, penStrokes } from './strokes.js';
import { FPS, timeline } from './timeline.js';
import type { Direction } from './types.js';

export interface RenderParams {
  /** Image file path or bytes. */
  input: string | Buffer;
  /** Where the MP4 goes (written only when the whole render succeeded). */
  output: string;
  options?: RenderOptionsInput;
  /** Called with whole percentages 0-100, never decreasing. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /**
   * Where the thumbnail (JPEG of the finished picture) goes; default: output with `.jpg` (or
   * `.thumbnail.jpg` when that is the input). Neither output may be the input.
   */
  thumbnail?: string;
  /** A resolved ffmpeg (see resolveFfmpeg); found automatically when absent. */
  ffmpeg?: FfmpegInfo;
  /** Parent of the temporary working directory; default the OS temp dir. */
  tempDir?: string;
  /** Receives one-line log messages (which ffmpeg is used, timings). */
  log?: (message: string) => void;
}

export interface RenderResult {
  output: string;
  thumbnail: string;
  /** Length of the MP4: `frames / FPS`. */
  durationSeconds: number;
  /** Frames in the MP4: those handed to ffmpeg plus the hold it repeats. */
  frames: number;
  width: number;
  height: number;
}

/** Lower-level knobs for tests and the benchmark; not part of the public contract. */
export interface InternalRenderParams extends RenderParams {
  /** Any long side (tests use small ones); overrides options.size. */
  longSide?: number;
  preset?: string;
  crf?: number;
  /** Replace the ffmpeg encoder (the benchmark records frames with it). */
  sink?: (settings: EncodeSettings, ffmpeg: FfmpegInfo) => FrameSink;
  /** The planning's second thread (tests pass a closed one: this thread then plans alone). */
  planWorker?: PlanWorker;
}

const THUMBNAIL_LONG_SIDE = 640;

/** Renders an image into a hand-drawn sketch MP4. Throws EngineError on any failure. */
export function renderSketchVideo(params: RenderParams): Promise<RenderResult> {
  return renderVideo(params);
}

export async function renderVideo(params: InternalRenderParams): Promise<RenderResult> {
  const options = parseRenderOptions(params.options);
  // The planning's second thread starts next: it has loaded by the time the picture is decoded.
  const planWorker = params.planWorker ?? new PlanWorker();
  try {
    return await renderUsing(params, options, planWorker);
  } finally {
    await planWorker.close();
  }
}

async function renderUsing(
  params: InternalRenderParams,
  options: RenderOptions,
  planWorker: PlanWorker,
): Promise<RenderResult> {
  if (typeof params.output !== 'string' || params.output.length === 0) {
    throw new EngineError(
      'INVALID_OPTIONS',
      'Invalid option output: an output file path is required',
    );
  }
  const thumbnail = thumbnailPath(params);
  const { signal, log } = params;
  const checkCancelled = () => {
    if (signal?.aborted) throw new EngineError('CANCELLED', 'The render was cancelled.');
  };
  let last = -1;
  const progress = (value: number) => {
    const p = Math.min(100, Math.max(0, Math.floor(value)));
    if (p > last) {
      last = p;
      params.onProgress?.(p);
    }
  };
  progress(0);
  checkCancelled();
  const ffmpeg = params.ffmpeg ?? (await resolveFfmpeg());
  log?.(`ffmpeg: ${ffmpeg.path} (${ffmpeg.source}, version ${ffmpeg.version})`);
  checkCancelled();
  const t0 = performance.now();
  const layout = params.longSide
    ? atLongSide(options.shape, params.longSide)
    : videoLayout(options.shape, options.size);
  const image = await decodeImage(params.input, layout);
  // Zones are drawn in the source's pixels: move them to where the picture lies in the frame.
  const { left, top, scale } = image.placement;
  const zones = options.strokeMasks.map((zone) => ({
    ...zone,
    points: zone.points.map((p) => ({ x: left + p.x * scale, y: top + p.y * scale })),
    brushSize: zone.brushSize * scale,
  }));
  const tDecoded = performance.now();
  // sharp rasterizes the hand on its own thread while the plan is computed here, held for the
  // global direction (again, should most of the ink be drawn in a zone's other direction).
  const handFor = (direction: Direction) =>
    loadHand(Math.round(Math.min(image.width, image.height) * 0.62), handPose(direction), image);
  handFor(options.direction).catch(() => undefined);
  progress(1);
  checkCancelled();

  const temp = await mkdtemp(join(params.tempDir ?? tmpdir(), 'rasma-'));
  let sink: FrameSink | undefined;
  // Written into `temp` beside the frames: a failed render waits for them before removing it.
  const thumbnails: Promise<void>[] = [];
  const onAbort = () => sink?.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const video = join(temp, 'video.mp4');
    const thumb = join(temp, 'thumbnail.jpg');
    const colourModel = options.aiModel === 'rasma-ai-color';
    const { width, height } = image;
    const { renderedFrames: rendered, holdFrames } = timeline(options.drawingTime, colourModel);
    const settings: EncodeSettings = {
      width,
      height,
      fps: FPS,
      frames: rendered,
      holdFrames,
      preset: params.preset ?? DEFAULT_PRESET,
      tuning: X264_TUNING,
      crf: params.crf ?? DEFAULT_CRF,
      output: video,
    };
    sink = params.sink
      ? params.sink(settings, ffmpeg)
      : new FfmpegEncoder(ffmpeg.path, ffmpegArgs(settings));
    // ffmpeg starts up while the plan is computed.
    const started = sink.start();
    started.catch(() => undefined);
    const sketchParams: SketchParams = {
      zones,
      zoneScale: 1,
      grayscaleLevel: options.grayscaleLevel,
      direction: options.direction,
      drawingTime: options.drawingTime,
      colour: colourModel,
      seed: options.seed,
      deferColour: true,
    };
    const { outline: lines, lineStrokes: tracedLines } = await outlineInParallel(
      image,
      sketchOutlineParams(sketchParams),
      planWorker,
    );
    // The worker plans the colour while this thread plans the drawing, and ends when it has
    // answered: its memory is given back before the frames are made.
    let colourPlan: ColourResult | undefined;
    const colourPlanned = colourModel
      ? planWorker.colour(colourPlanParams(image, lines, sketchParams))
      : Promise.resolve(undefined);
    void colourPlanned.then((plan) => (colourPlan = plan));
    void planWorker.close();
    // The hatching's strokes here while the worker traces the lines' (or after, without it).
    const hatching = hatchStrokes(lines);
    const traced = penStrokes(lines, await tracedLines, hatching);
    const sketch = planSketch(image, sketchParams, lines, traced);
    const t1 = performance.now();
    sketch.script.hand = await handFor(sketch.mainDirection);
    log?.(
      `prepared ${width}x${height}: decode ${Math.round(tDecoded - t0)} ms, outline+strokes+plan ${Math.round(t1 - tDecoded)} ms, total ${Math.round(performance.now() - t0)} ms`,
    );
    await started;
    progress(4);
    checkCancelled();
    if (sketch.finalRgb) thumbnails.push(writeThumbnail(sketch.finalRgb, width, height, thumb));
    const renderer = new FrameRenderer(sketch.script);
    // Frames handed to the encoder: the result reports these, not the plan.
    let encoded = 0;
    for (let k = 0; ; k++) {
      checkCancelled();
      if (colourModel && !sketch.script.colour && (colourPlan || k >= sketch.script.drawFrames)) {
        // The worker's plan (ready long before the colour phase); made here if the worker failed.
        const plan =
          colourPlan ??
          (await colourPlanned) ??
          planColour(colourPlanParams(image, lines, sketchParams, sketch.grey));
        sketch.script.colour = plan.colour;
        thumbnails.push(writeThumbnail(plan.finalRgb, width, height, thumb));
      }
      const frame = renderer.next();
      if (!frame) break;
      await sink.frame(frame);
      encoded++;
      progress(5 + (94 * encoded) / rendered);
    }
    checkCancelled();
    await sink.finish();
    await Promise.all(thumbnails);
    checkCancelled();
    await moveFile(video, params.output);
    await moveFile(thumb, thumbnail);
    progress(100);
    const frames = encoded + holdFrames;
    return {
      output: params.output,
      thumbnail,
      durationSeconds: frames / FPS,
      frames,
      width,
      height,
    };
  } catch (error) {
    sink?.abort();
    if (signal?.aborted)
      throw new EngineError('CANCELLED', 'The render was cancelled.', { cause: error });
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (sink instanceof FfmpegEncoder) await sink.closed();
    await Promise.allSettled(thumbnails);
    await rm(temp, { recursive: true, force: true });
  }
}

async function writeThumbnail(
  rgb: Uint8Array,
  width: number,
  height: number,
  path: string,
): Promise<void> {
  const scale = Math.min(1, THUMBNAIL_LONG_SIDE / Math.max(width, height));
  await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)))
    .jpeg({ quality: 85 })
    .toFile(path);
}

/** A test's size: the shape's frame at that long side, or the picture's own proportions at it. */
function atLongSide(shape: string, longSide: number): DecodeOptions {
  const frame = shapeFrame(shape, longSide);
  return frame ? { frame } : { longSide };
}

/**
 * Where the thumbnail goes: as asked, or beside the video with `.jpg` (`.thumbnail.jpg` when that
 * is the input image itself: `rasma render photo.jpg -o photo.mp4` must not draw over the photo).
 * Refuses outputs that would overwrite the input or each other.
 */
function thumbnailPath(params: RenderParams): string {
  const input = typeof params.input === 'string' ? resolve(params.input) : undefined;
  const beside = replaceExtension(params.output, '.jpg');
  const thumbnail =
    params.thumbnail ??
    (resolve(beside) === input ? replaceExtension(params.output, '.thumbnail.jpg') : beside);
  const clash =
    resolve(params.output) === input || resolve(thumbnail) === input
      ? 'would overwrite the input image'
      : resolve(thumbnail) === resolve(params.output)
        ? 'the video and its thumbnail would be the same file'
        : undefined;
  if (clash) {
    throw new EngineError('INVALID_OPTIONS', `Invalid option output: ${clash} (${params.output})`);
  }
  return thumbnail;
}

function replaceExtension(path: string, ext: string): string {
  const current = extname(path);
  return (current ? path.slice(0, -current.length) : path) + ext;
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await mkdir(dirname(to), { recursive: true });
    try {
      await rename(from, to);
    } catch {
      await copyFile(from, to);
    }
  } catch (error) {
    throw new EngineError('IO_ERROR', `Could not write ${to}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
