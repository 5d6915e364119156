/**
 * What every render shares: its progress and cancelling, its temp folder, where its thumbnail goes,
 * and moving its files in place once it has succeeded.
 */
import { copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { decodeImage, shapeFrame, videoLayout } from './decode.js';
import type { DecodedImage, DecodeOptions } from './decode.js';
import type { FrameSink } from './encoder.js';
import { EngineError } from './errors.js';
import type { RenderOptions } from './options.js';
import type { RenderParams } from './render-params.js';
import type { Mixing } from './sound.js';
import type { Placement } from './stroke-plan.js';
import type { SketchZone } from './sketch.js';

const THUMBNAIL_LONG_SIDE = 640;

/**
 * The log lines that mark a render's stages, in the order they happen (each followed by `: ` and
 * its figures): the first band planned, the first frame handed to the encoder, the last band
 * ordered. Tests check their order; the benchmark times the first frame by its line.
 */
export const STAGE_LOG = {
  prepared: 'prepared',
  firstFrame: 'first frame to the encoder',
  ordered: 'all strokes ordered',
} as const;

/** Where a render's progress stands after each step, in whole percentages. */
export const PROGRESS = {
  started: 0,
  decoded: 1,
  /** The drawing's first band planned and ffmpeg started: the frames come next. */
  planned: 4,
  /** The frames take it from here, as they are handed to the encoder, */
  firstFrame: 5,
  /** to here; the video and thumbnail moved to their places end it. */
  lastFrame: 99,
  done: 100,
} as const;

/** Both values, once both have settled (no work of either left running); the first's error else. */
export async function bothSettled<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/** Reports progress (whole percentages, only ever rising) and stops a cancelled render. */
export interface Tracker {
  progress(percent: number): void;
  /** Throws EngineError CANCELLED once the render's signal is aborted. */
  checkCancelled(): void;
}

export function tracker({
  signal,
  onProgress,
}: Pick<RenderParams, 'signal' | 'onProgress'>): Tracker {
  let last = -1;
  return {
    progress(value) {
      const percent = Math.min(100, Math.max(0, Math.floor(value)));
      if (percent > last) {
        last = percent;
        onProgress?.(percent);
      }
    },
    checkCancelled() {
      if (signal?.aborted) throw cancelled();
    },
  };
}

const cancelled = (options?: { cause: unknown }) =>
  new EngineError('CANCELLED', 'The render was cancelled.', options);

/** The picture at the video's size, with the zones moved to where it lies in the frame. */
export interface Picture {
  image: DecodedImage;
  zones: SketchZone[];
  /** Where the source's pixels (those of the zones and edits) lie in the frame. */
  placement: Placement;
  /** When decoding started and ended (`performance.now()`), for the log. */
  decodeStart: number;
  decoded: number;
}

export async function decodePicture(
  input: string | Buffer,
  options: Pick<RenderOptions, 'strokeMasks'>,
  layout: DecodeOptions,
): Promise<Picture> {
  const decodeStart = performance.now();
  const image = await decodeImage(input, layout);
  // Zones are drawn in the source's pixels: move them to where the picture lies in the frame.
  const { left, top, scale } = image.placement;
  const zones = options.strokeMasks.map((zone) => ({
    ...zone,
    points: zone.points.map((p) => ({ x: left + p.x * scale, y: top + p.y * scale })),
    brushSize: zone.brushSize * scale,
  }));
  const placement = { left, top, scale };
  return { image, zones, placement, decodeStart, decoded: performance.now() };
}

/**
 * A render's temp folder: the video and thumbnail are written here, and moved to their places
 * only once the whole render has succeeded. With sound, the encoder writes `frames`, the mix
 * `sound`, and the two are muxed into `video`.
 */
export class WorkDir {
  readonly video: string;
  readonly thumbnail: string;
  readonly frames: string;
  readonly sound: string;
  /** The transparent WebM, when one is asked for. */
  readonly transparent: string;
  /** The encoder writing `video` (or `frames`), once started. */
  sink: FrameSink | undefined;
  /** The mix writing `sound`, once started. */
  mixing: Mixing | undefined;
  /** Thumbnails being written: a failed render waits for them before removing the folder. */
  private readonly thumbnails: Promise<void>[] = [];

  constructor(readonly dir: string) {
    this.video = join(dir, 'video.mp4');
    this.thumbnail = join(dir, 'thumbnail.jpg');
    this.frames = join(dir, 'frames.mp4');
    this.sound = join(dir, 'sound.m4a');
    this.transparent = join(dir, 'transparent.webm');
  }

  /** Stops the encoder and the mix (cancelled or failed). */
  abort(): void {
    this.sink?.abort();
    this.mixing?.stop();
  }

  writeThumbnail(rgb: Uint8Array, width: number, height: number): void {
    this.thumbnails.push(writeThumbnail(rgb, width, height, this.thumbnail));
  }

  async thumbnailsWritten(): Promise<void> {
    await Promise.all(this.thumbnails);
  }

  /** Waits for the encoder's and the mix's processes to end and every thumbnail write to settle. */
  async settle(): Promise<void> {
    await this.sink?.closed?.();
    await this.mixing?.settled();
    await Promise.allSettled(this.thumbnails);
  }
}

/**
 * Runs `make` in a new temp folder. Cancelling stops its encoder and mix; on any failure they are
 * stopped too (and the error is CANCELLED when the render was cancelled). Either way the folder is
 * removed once the encoder, the mix and the thumbnails are done with it.
 */
export async function inWorkDir<T>(
  { tempDir, signal }: Pick<RenderParams, 'tempDir' | 'signal'>,
  make: (work: WorkDir) => Promise<T>,
): Promise<T> {
  const work = new WorkDir(await mkdtemp(join(tempDir ?? tmpdir(), 'rasma-')));
  const onAbort = () => work.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    return await make(work);
  } catch (error) {
    work.abort();
    if (signal?.aborted) throw cancelled({ cause: error });
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await work.settle();
    await rm(work.dir, { recursive: true, force: true });
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

/** How a video's first picture is laid out: the shape at the size (a test's long side). */
export function pictureLayout(
  options: Pick<RenderOptions, 'shape' | 'size'>,
  longSide: number | undefined,
): DecodeOptions {
  return longSide ? atLongSide(options.shape, longSide) : videoLayout(options.shape, options.size);
}

/** A story's frame when every scene is a blank board: the shape's, 16:9 for the original's. */
export function blankFrame(
  options: Pick<RenderOptions, 'shape' | 'size'>,
  longSide: number | undefined,
): { width: number; height: number } {
  const side = longSide ?? options.size;
  return shapeFrame(options.shape, side) ?? shapeFrame('16:9', side)!;
}

/**
 * Where the thumbnail goes: as asked, or beside the video with `.jpg` (`.thumbnail.jpg` when that
 * is an input image itself: `rasma render photo.jpg -o photo.mp4` must not draw over the photo).
 * Refuses a missing output, and outputs that would overwrite the input or each other.
 */
export function thumbnailPath(
  params: Pick<RenderParams, 'output' | 'thumbnail'>,
  inputs: readonly (string | Buffer | undefined)[],
): string {
  if (typeof params.output !== 'string' || params.output.length === 0) {
    throw new EngineError(
      'INVALID_OPTIONS',
      'Invalid option output: an output file path is required',
    );
  }
  const paths = new Set(inputs.filter((i) => typeof i === 'string').map((i) => resolve(i)));
  const beside = replaceExtension(params.output, '.jpg');
  const thumbnail =
    params.thumbnail ??
    (paths.has(resolve(beside)) ? replaceExtension(params.output, '.thumbnail.jpg') : beside);
  const clash =
    paths.has(resolve(params.output)) || paths.has(resolve(thumbnail))
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

export async function moveFile(from: string, to: string): Promise<void> {
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
