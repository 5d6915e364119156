/** renderSketchVideo: validate, decode, plan, render frames incrementally, encode, clean up. */
import { copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { isColourModel } from '@rasma/contract/constants';
import sharp from 'sharp';
import { decodeImage, shapeFrame, videoLayout } from './decode.js';
import type { DecodedImage, DecodeOptions } from './decode.js';
import { DEFAULT_CRF, DEFAULT_PRESET, FfmpegEncoder, X264_TUNING, ffmpegArgs } from './encoder.js';
import type { EncodeSettings, FrameSink } from './encoder.js';
import { EngineError } from './errors.js';
import type { FfmpegInfo } from './ffmpeg.js';
import { resolveFfmpeg } from './ffmpeg.js';
import { FrameRenderer } from './frames.js';
import { handPose, loadHand } from './hand.js';
import { handAcross } from './hand-geometry.js';
import type { RenderOptions, RenderOptionsInput } from './options.js';
import { parseRenderOptions } from './options.js';
import { planColour } from './colour.js';
import type { ColourResult } from './colour.js';
import { outlineInParallel, PlanWorker } from './parallel.js';
import type { Placement } from './stroke-plan.js';
import { colourPlanParams, planSketch, sketchOutlineParams } from './sketch.js';
import type { Sketch, SketchParams, SketchZone } from './sketch.js';
import { hatchStrokes, penStrokes } from './strokes.js';
import { muxSound } from './mix.js';
import { describeMix, Mixing, readSound } from './sound.js';
import type { Sound, SoundFiles } from './sound.js';
import { FPS, timeline } from './timeline.js';
import type { Direction } from './types.js';
import { hasStrokeEdits } from '@rasma/contract/stroke-edits';

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
  /**
   * The video's sound: a voice-over and a music bed (file paths, read whole and checked as
   * uploads are), set by `options.audio`. Without either the video is silent, as it always was.
   */
  audio?: SoundFiles;
}

export interface RenderResult {
  output: string;
  thumbnail: string;
  /** Length of the MP4: `frames / FPS` (a voice-over longer than the drawing holds it longer). */
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
const PROGRESS = {
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

/** Checks the outputs, decodes, then makes the video in a temp folder and moves it in place. */
async function renderUsing(
  params: InternalRenderParams,
  options: RenderOptions,
  planWorker: PlanWorker,
): Promise<RenderResult> {
  const thumbnail = thumbnailPath(params);
  const run = tracker(params);
  run.progress(PROGRESS.started);
  run.checkCancelled();
  const ffmpeg = params.ffmpeg ?? (await resolveFfmpeg());
  params.log?.(`ffmpeg: ${ffmpeg.path} (${ffmpeg.source}, version ${ffmpeg.version})`);
  run.checkCancelled();
  // The audio files are read whole while the picture is decoded: the voice's length sets the
  // video's.
  const [picture, sound] = await bothSettled(
    decodePicture(params, options),
    readSound(ffmpeg.path, params.audio, options.audio, params.signal),
  );
  run.progress(PROGRESS.decoded);
  run.checkCancelled();
  return inWorkDir(params, async (work) => {
    const job = { params, options, planWorker, ffmpeg, picture, sound, work, run };
    const frames = await makeVideo(job);
    run.checkCancelled();
    await moveFile(work.video, params.output);
    await moveFile(work.thumbnail, thumbnail);
    run.progress(PROGRESS.done);
    const { width, height } = picture.image;
    return {
      output: params.output,
      thumbnail,
      durationSeconds: frames / FPS,
      frames,
      width,
      height,
    };
  });
}

/** Both values, once both have settled (no work of either left running); the first's error else. */
async function bothSettled<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/** Reports progress (whole percentages, only ever rising) and stops a cancelled render. */
interface Tracker {
  progress(percent: number): void;
  /** Throws EngineError CANCELLED once the render's signal is aborted. */
  checkCancelled(): void;
}

function tracker({ signal, onProgress }: RenderParams): Tracker {
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
interface Picture {
  image: DecodedImage;
  zones: SketchZone[];
  /** Where the source's pixels (those of the zones and edits) lie in the frame. */
  placement: Placement;
  /** When decoding started and ended (`performance.now()`), for the log. */
  decodeStart: number;
  decoded: number;
}

async function decodePicture(
  params: InternalRenderParams,
  options: RenderOptions,
): Promise<Picture> {
  const decodeStart = performance.now();
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
  const placement = { left, top, scale };
  return { image, zones, placement, decodeStart, decoded: performance.now() };
}

/**
 * A render's temp folder: the video and thumbnail are written here, and moved to their places
 * only once the whole render has succeeded. With sound, the encoder writes `frames`, the mix
 * `sound`, and the two are muxed into `video`.
 */
class WorkDir {
  readonly video: string;
  readonly thumbnail: string;
  readonly frames: string;
  readonly sound: string;
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
    if (this.sink instanceof FfmpegEncoder) await this.sink.closed();
    await this.mixing?.settled();
    await Promise.allSettled(this.thumbnails);
  }
}

/**
 * Runs `make` in a new temp folder. Cancelling stops its encoder and mix; on any failure they are
 * stopped too (and the error is CANCELLED when the render was cancelled). Either way the folder is
 * removed once the encoder, the mix and the thumbnails are done with it.
 */
async function inWorkDir<T>(
  { tempDir, signal }: RenderParams,
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

interface VideoJob {
  params: InternalRenderParams;
  options: RenderOptions;
  planWorker: PlanWorker;
  ffmpeg: FfmpegInfo;
  picture: Picture;
  sound: Sound | undefined;
  work: WorkDir;
  run: Tracker;
}

/**
 * Starts ffmpeg (and the sound's mix), plans the drawing meanwhile, and encodes its frames into the
 * work folder's video (with the thumbnail beside it; with sound, the frames then muxed with the
 * mix); the video's frames, the hold included.
 */
async function makeVideo(job: VideoJob): Promise<number> {
  const { params, options, work, sound } = job;
  const { width, height } = job.picture.image;
  const { renderedFrames, holdFrames, totalFrames } = timeline(
    options.drawingTime,
    isColour(options),
    sound?.voiceSeconds,
  );
  const settings: EncodeSettings = {
    width,
    height,
    fps: FPS,
    frames: renderedFrames,
    holdFrames,
    preset: params.preset ?? DEFAULT_PRESET,
    tuning: X264_TUNING,
    crf: params.crf ?? DEFAULT_CRF,
    output: sound ? work.frames : work.video,
  };
  const sink = params.sink
    ? params.sink(settings, job.ffmpeg)
    : new FfmpegEncoder(job.ffmpeg.path, ffmpegArgs(settings));
  work.sink = sink;
  // ffmpeg starts up while the plan is computed; the sound is mixed meanwhile too, and a failed
  // mix stops the frames at once.
  const started = sink.start();
  started.catch(() => undefined);
  const mixing = sound && startMix(job, sound, totalFrames / FPS);
  mixing?.done.catch(() => sink.abort());
  const encoded = await drawFrames(job, sink, started, renderedFrames).catch((error: unknown) => {
    throw mixing?.failure ?? error;
  });
  if (sound && mixing) await addSound(job, sound, mixing);
  await work.thumbnailsWritten();
  return encoded + holdFrames;
}

/** Plans the drawing and hands its frames to the started `sink`; how many it handed over. */
async function drawFrames(
  { params, options, picture, planWorker, work, run }: VideoJob,
  sink: FrameSink,
  started: Promise<void>,
  renderedFrames: number,
): Promise<number> {
  const drawing = await planDrawing(picture, options, planWorker, params.log);
  await started;
  run.progress(PROGRESS.planned);
  run.checkCancelled();
  const { width, height } = picture.image;
  const thumbnail = (rgb: Uint8Array) => work.writeThumbnail(rgb, width, height);
  if (drawing.sketch.finalRgb) thumbnail(drawing.sketch.finalRgb);
  const encoded = await encodeFrames(drawing, sink, run, renderedFrames, thumbnail, params.log);
  run.checkCancelled();
  await sink.finish();
  return encoded;
}

/** Starts mixing the sound into the work folder, for a video `seconds` long. */
function startMix({ work, ffmpeg }: VideoJob, sound: Sound, seconds: number): Mixing {
  work.mixing = new Mixing({
    ffmpegPath: ffmpeg.path,
    voice: sound.voice,
    music: sound.music,
    seconds,
    output: work.sound,
  });
  return work.mixing;
}

/** Once the frames are encoded: waits for the mix, then muxes the two into the work folder's video. */
async function addSound({ params, ffmpeg, work }: VideoJob, sound: Sound, mixing: Mixing) {
  const report = await mixing.done;
  params.log?.(describeMix(sound, report, mixing.milliseconds()));
  await muxSound(
    ffmpeg.path,
    { video: work.frames, audio: work.sound, output: work.video },
    params.signal,
  );
}

const isColour = (options: RenderOptions) => isColourModel(options.aiModel);

/** The planned drawing, and in the colour model the colour laid in after it. */
interface Drawing {
  sketch: Sketch;
  colour: ColourPlan | undefined;
  /** Milliseconds since the picture was decoded (for the log). */
  sinceDecoded: () => number;
}

/**
 * The colour plan, made on the planning's second thread while this one plans the drawing; made
 * here (`make`, from the outline picture) if that thread failed.
 */
class ColourPlan {
  /** The second thread's plan once it has come. */
  ready: ColourResult | undefined;

  constructor(
    private readonly planned: Promise<ColourResult | undefined>,
    private readonly make: (grey: Uint8Array) => ColourResult,
  ) {
    void planned.then((plan) => (this.ready = plan));
  }

  async get(grey: Uint8Array): Promise<ColourResult> {
    return this.ready ?? (await this.planned) ?? this.make(grey);
  }
}

/**
 * Outline, strokes and their order (with the second thread), the colour plan asked of that thread,
 * and the hand held for the direction most of the ink is drawn in.
 */
async function planDrawing(
  { image, zones, placement, decodeStart, decoded }: Picture,
  options: RenderOptions,
  planWorker: PlanWorker,
  log: RenderParams['log'],
): Promise<Drawing> {
  // sharp rasterizes the hand on its own thread while the plan is computed here, held for the
  // global direction (again, should most of the ink be drawn in a zone's other direction).
  const { hand } = options;
  const handFor = (direction: Direction) =>
    hand === 'none'
      ? Promise.resolve(undefined)
      : loadHand(handAcross(image.width, image.height), handPose(direction), image, hand);
  handFor(options.direction).catch(() => undefined);
  const sketchParams: SketchParams = {
    zones,
    zoneScale: 1,
    grayscaleLevel: options.grayscaleLevel,
    direction: options.direction,
    drawingTime: options.drawingTime,
    colour: isColour(options),
    seed: options.seed,
    deferColour: true,
    orderAsDrawn: true,
    ...(hasStrokeEdits(options.edits) ? { edits: options.edits, editPlacement: placement } : {}),
  };
  const { outline: lines, lineStrokes: tracedLines } = await outlineInParallel(
    image,
    sketchOutlineParams(sketchParams),
    planWorker,
  );
  // The worker plans the colour while this thread plans the drawing, and ends when it has
  // answered: its memory is given back before the frames are made. Stroke edits change the lines
  // the colour is painted under: the colour is then asked for once they are applied.
  const edited = sketchParams.edits !== undefined;
  const askColour = (grey?: Uint8Array) =>
    new ColourPlan(planWorker.colour(colourPlanParams(image, lines, sketchParams, grey)), (grey) =>
      planColour(colourPlanParams(image, lines, sketchParams, grey)),
    );
  let colour = isColour(options) && !edited ? askColour() : undefined;
  if (!edited) void planWorker.close();
  const outlined = performance.now();
  // The hatching's strokes here while the worker traces the lines' (or after, without it).
  const hatching = hatchStrokes(lines);
  const traced = penStrokes(lines, await tracedLines, hatching);
  const stroked = performance.now();
  // The first band's order; the rest is ordered between frames (`encodeFrames`).
  const sketch = planSketch(image, sketchParams, lines, traced);
  if (edited) {
    if (isColour(options)) colour = askColour(sketch.grey);
    void planWorker.close();
  }
  const planned = performance.now();
  sketch.script.hand = await handFor(sketch.mainDirection);
  const sinceDecoded = () => Math.round(performance.now() - decoded);
  const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
  log?.(
    `${STAGE_LOG.prepared} ${image.width}x${image.height}: decode ${ms(decodeStart, decoded)}, outline ${ms(decoded, outlined)}, strokes ${ms(outlined, stroked)}, first band ${ms(stroked, planned)}, hand ${ms(planned, performance.now())}; ${sinceDecoded()} ms after decoding`,
  );
  if (sketch.script.order?.complete !== false) logOrdered(sketch, sinceDecoded, log);
  return { sketch, colour, sinceDecoded };
}

function logOrdered(sketch: Sketch, sinceDecoded: () => number, log: RenderParams['log']): void {
  log?.(
    `${STAGE_LOG.ordered}: ${sketch.script.strokes.length} strokes, ${sinceDecoded()} ms after decoding`,
  );
}

/**
 * Hands the encoder the drawing's frames one by one, ordering one more band of strokes after each
 * until all are (the pen's clock finishes the order itself should it need it sooner), and laying
 * the colour in as soon as its plan has come (at the latest when the drawing ends); how many
 * frames it handed over.
 */
async function encodeFrames(
  { sketch, colour, sinceDecoded }: Drawing,
  sink: FrameSink,
  run: Tracker,
  renderedFrames: number,
  onColourPicture: (rgb: Uint8Array) => void,
  log: RenderParams['log'],
): Promise<number> {
  const { script } = sketch;
  const renderer = new FrameRenderer(script);
  let ordering = script.order?.complete === false ? script.order : undefined;
  const noteOrdered = () => {
    if (!ordering?.complete) return;
    ordering = undefined;
    logOrdered(sketch, sinceDecoded, log);
  };
  // Frames handed to the encoder: the result reports these, not the plan.
  let encoded = 0;
  for (let k = 0; ; k++) {
    run.checkCancelled();
    if (colour && !script.colour && (colour.ready || k >= script.drawFrames)) {
      const plan = await colour.get(sketch.grey);
      script.colour = plan.colour;
      onColourPicture(plan.finalRgb);
    }
    const frame = renderer.next();
    noteOrdered();
    if (!frame) return encoded;
    await sink.frame(frame);
    if (encoded === 0) log?.(`${STAGE_LOG.firstFrame}: ${sinceDecoded()} ms after decoding`);
    encoded++;
    ordering?.step();
    noteOrdered();
    const { firstFrame, lastFrame } = PROGRESS;
    run.progress(firstFrame + ((lastFrame - firstFrame) * encoded) / renderedFrames);
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
 * Refuses a missing output, and outputs that would overwrite the input or each other.
 */
function thumbnailPath(params: RenderParams): string {
  if (typeof params.output !== 'string' || params.output.length === 0) {
    throw new EngineError(
      'INVALID_OPTIONS',
      'Invalid option output: an output file path is required',
    );
  }
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
