/**
 * renderStoryVideo: several scenes, each a picture or a blank board with its text, drawn one after
 * another with transitions between them, into one MP4 (one ffmpeg, one progress). A one-picture
 * video (`renderSketchVideo`) is a story of one scene. The next scene's picture is decoded while
 * the current one is drawn; each scene's plan is let go once its frames are made, so a story
 * holds one scene's plan at a time.
 */
import { storySceneSchema } from '@rasma/contract/story';
import { checkScenes, STORY_LIMITS, STORY_MESSAGES } from '@rasma/contract/story';
import { z } from 'zod';
import { collectGarbage } from './collect-garbage.js';
import {
  DEFAULT_CRF,
  DEFAULT_PRESET,
  FfmpegEncoder,
  TeeSink,
  X264_TUNING,
  ffmpegArgs,
} from './encoder.js';
import type { EncodeSettings, FrameSink } from './encoder.js';
import { EngineError } from './errors.js';
import { transparentWebmArgs } from './export-files.js';
import type { FfmpegInfo } from './ffmpeg.js';
import { resolveFfmpeg } from './ffmpeg.js';
import { FrameRenderer } from './frames.js';
import { muxSound } from './mix.js';
import type { RenderOptions } from './options.js';
import { parseRenderOptions } from './options.js';
import { PlanWorker } from './parallel.js';
import type { InternalRenderParams } from './render-params.js';
import {
  blankFrame,
  bothSettled,
  decodePicture,
  inWorkDir,
  moveFile,
  pictureLayout,
  PROGRESS,
  STAGE_LOG,
  thumbnailPath,
  tracker,
} from './render-work.js';
import type { Picture, Tracker, WorkDir } from './render-work.js';
import {
  inkGreyInYuv,
  inkText,
  isColour,
  logOrdered,
  planBlank,
  planDrawing,
  prepareScene,
} from './scene-plan.js';
import type { Drawing } from './scene-plan.js';
import { describeMix, Mixing, readSound } from './sound.js';
import type { Sound } from './sound.js';
import type { SceneSettings, StoryRenderParams, StoryRenderResult } from './story-params.js';
import { FPS, storyTimeline } from './timeline.js';
import type { StoryTimeline } from './timeline.js';
import { TransitionFrames } from './transition-frames.js';
import { TEXT_GREY } from './text-ink.js';
import type { TextInk } from './text-ink.js';

/** Renders a story into one MP4. Throws EngineError on any failure. */
export function renderStoryVideo(params: StoryRenderParams): Promise<StoryRenderResult> {
  return renderStory(params);
}

/** A story's render with the engine's own knobs (`InternalRenderParams`). */
export interface InternalStoryParams extends Omit<InternalRenderParams, 'input'> {
  scenes: StoryRenderParams['scenes'];
}

const sceneSettingsSchema = storySceneSchema.omit({ picture: true });
const scenesSchema = z
  .array(sceneSettingsSchema)
  .min(1, STORY_MESSAGES.noScenes)
  .max(STORY_LIMITS.maxScenes, STORY_MESSAGES.tooManyScenes)
  .check((ctx) => checkScenes(ctx.value, ctx));

/** The scenes' settings as the contract checks them, or INVALID_OPTIONS naming the first bad one. */
function parseScenes(scenes: readonly { scene: SceneSettings }[]): SceneSettings[] {
  const result = scenesSchema.safeParse(scenes.map((s) => s.scene));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = ['scenes', ...(issue?.path ?? [])].join('.');
  throw new EngineError('INVALID_OPTIONS', `Invalid option ${path}: ${issue?.message}`);
}

/**
 * A scene's own options: the story's, with the scene's picture settings. Its stroke edits are
 * taken as `parseScenes` checked them (the options' own schema): parsing a large payload again
 * costs tens of milliseconds before the first frame.
 */
const sceneOptions = (options: RenderOptions, scene: SceneSettings): RenderOptions => ({
  ...parseRenderOptions({
    ...options,
    direction: scene.direction,
    grayscaleLevel: scene.grayscaleLevel,
    drawingTime: scene.drawingTime,
    strokeMasks: scene.strokeMasks,
    edits: undefined,
  }),
  edits: scene.edits,
});

interface StoryScene {
  input: string | Buffer | undefined;
  settings: SceneSettings;
  options: RenderOptions;
}

export async function renderStory(params: InternalStoryParams): Promise<StoryRenderResult> {
  const workers = new PlanWorkers(params.planWorker);
  try {
    return await renderUsing(params, workers);
  } finally {
    await workers.close();
  }
}

/**
 * The planning threads: one per picture scene, started while the scene before is drawn (the first
 * one at once: it has loaded by the time the picture is decoded); a test's own for every scene.
 */
class PlanWorkers {
  private readonly started: PlanWorker[] = [];

  constructor(private readonly given: PlanWorker | undefined) {}

  start(): PlanWorker {
    if (this.given) return this.given;
    const worker = new PlanWorker();
    this.started.push(worker);
    return worker;
  }

  async close(): Promise<void> {
    await Promise.all([...this.started, ...(this.given ? [this.given] : [])].map((w) => w.close()));
  }
}

async function renderUsing(
  params: InternalStoryParams,
  workers: PlanWorkers,
): Promise<StoryRenderResult> {
  const options = parseRenderOptions(params.options);
  const settings = parseScenes(params.scenes);
  const scenes = settings.map((scene, i) => ({
    input: params.scenes[i]!.input,
    settings: scene,
    options: sceneOptions(options, scene),
  }));
  const thumbnail = thumbnailPath(
    params,
    scenes.map((s) => s.input),
  );
  const run = tracker(params);
  run.progress(PROGRESS.started);
  run.checkCancelled();
  const ffmpeg = params.ffmpeg ?? (await resolveFfmpeg());
  params.log?.(`ffmpeg: ${ffmpeg.path} (${ffmpeg.source}, version ${ffmpeg.version})`);
  run.checkCancelled();
  // The first picture sets the frame; the audio files are read while it is decoded.
  const firstPicture = scenes.findIndex((s) => s.input !== undefined);
  const first = scenes[firstPicture];
  const firstWorker = first && workers.start();
  const [picture, sound] = await bothSettled(
    first
      ? decodePicture(first.input!, first.options, pictureLayout(options, params.longSide))
      : Promise.resolve(undefined),
    readSound(ffmpeg.path, params.audio, options.audio, params.signal),
  );
  const frame = picture
    ? { width: picture.image.width, height: picture.image.height }
    : blankFrame(options, params.longSide);
  run.progress(PROGRESS.decoded);
  run.checkCancelled();
  const time = storyTimeline(settings, isColour(options), sound?.voiceSeconds);
  // Taken by the first picture scene: nothing else holds the picture once it is planned.
  const firstPlanned: FirstPicture = { value: picture && { picture, worker: firstWorker! } };
  return inWorkDir(params, async (work) => {
    const job: StoryJob = {
      params,
      options,
      ffmpeg,
      scenes,
      frame,
      time,
      sound,
      work,
      run,
      workers,
    };
    const frames = await makeStory(job, firstPlanned, Math.max(0, firstPicture));
    run.checkCancelled();
    await moveFile(work.video, params.output);
    await moveFile(work.thumbnail, thumbnail);
    const transparentOutput = params.transparentOutput;
    if (transparentOutput) await moveFile(work.transparent, transparentOutput);
    run.progress(PROGRESS.done);
    return {
      output: params.output,
      thumbnail,
      durationSeconds: frames / FPS,
      frames,
      ...frame,
      sceneCount: scenes.length,
      ...(transparentOutput && { transparentOutput }),
    };
  });
}

interface StoryJob {
  params: InternalStoryParams;
  options: RenderOptions;
  ffmpeg: FfmpegInfo;
  scenes: StoryScene[];
  frame: { width: number; height: number };
  time: StoryTimeline;
  sound: Sound | undefined;
  work: WorkDir;
  run: Tracker;
  workers: PlanWorkers;
}

/** A picture scene's decoded picture and the thread that plans it. */
interface PictureToPlan {
  picture: Picture;
  worker: PlanWorker;
}

/** The first picture scene's, until it is taken. */
interface FirstPicture {
  value: PictureToPlan | undefined;
}

/**
 * Starts ffmpeg (and the sound's mix) and hands it every scene's frames, the holds and the
 * transitions; ffmpeg repeats the last scene's hold. The video's frames.
 */
async function makeStory(job: StoryJob, first: FirstPicture, thumbnailScene: number) {
  const { params, work, sound, time, frame } = job;
  const last = time.scenes.at(-1)!;
  const holdFrames = last.frames - last.renderedFrames;
  const settings: EncodeSettings = {
    ...frame,
    fps: FPS,
    frames: time.totalFrames - holdFrames,
    holdFrames,
    preset: params.preset ?? DEFAULT_PRESET,
    tuning: X264_TUNING,
    crf: params.crf ?? DEFAULT_CRF,
    output: sound ? work.frames : work.video,
  };
  const video = params.sink
    ? params.sink(settings, job.ffmpeg)
    : new FfmpegEncoder(job.ffmpeg.path, ffmpegArgs(settings));
  // The transparent WebM is encoded from the same frames as they are made: no second drawing.
  const sink = params.transparentOutput
    ? new TeeSink([
        video,
        new FfmpegEncoder(
          job.ffmpeg.path,
          transparentWebmArgs({ ...settings, output: work.transparent }),
        ),
      ])
    : video;
  work.sink = sink;
  // ffmpeg starts up while the first scene is planned; the sound is mixed meanwhile too, and a
  // failed mix stops the frames at once.
  const started = sink.start();
  started.catch(() => undefined);
  const mixing = sound && startMix(job, sound, time.totalFrames / FPS);
  mixing?.done.catch(() => sink.abort());
  const output = new FrameOutput(sink, job.run, settings.frames);
  await drawScenes(job, output, started, first, thumbnailScene).catch((error: unknown) => {
    throw mixing?.failure ?? error;
  });
  job.run.checkCancelled();
  await sink.finish();
  if (sound && mixing) await addSound(job, sound, mixing);
  await work.thumbnailsWritten();
  return output.sent + holdFrames;
}

/** Hands frames to the encoder, counting them for the progress. */
class FrameOutput {
  sent = 0;

  constructor(
    private readonly sink: FrameSink,
    private readonly run: Tracker,
    private readonly total: number,
  ) {}

  async send(frame: Uint8Array): Promise<void> {
    this.run.checkCancelled();
    await this.sink.frame(frame);
    this.sent++;
    const { firstFrame, lastFrame } = PROGRESS;
    this.run.progress(firstFrame + ((lastFrame - firstFrame) * this.sent) / this.total);
  }

  /** Between scenes: the encoder's pooled frames (some 9 MB at 1080p) are not kept meanwhile. */
  releaseBuffers(): void {
    this.sink.releaseBuffers?.();
  }
}

/** The next picture scene's picture, decoding (its planning thread starting) ahead of its turn. */
interface PictureAhead {
  /** Its scene's index, -1 once no picture scene is left. */
  scene: number;
  picture: Promise<PictureToPlan | undefined>;
}

/**
 * Each scene in turn, each in a call of its own (`drawScene`): nothing of a scene, its plan, last
 * frame or transition, is reachable from here once it is drawn, so the next one is planned
 * without it (a suspended loop keeps its last iteration's values).
 */
async function drawScenes(
  job: StoryJob,
  output: FrameOutput,
  started: Promise<void>,
  first: FirstPicture,
  thumbnailScene: number,
): Promise<void> {
  let ahead: PictureAhead = {
    scene: job.scenes.findIndex((s) => s.input !== undefined),
    picture: Promise.resolve(first.value),
  };
  first.value = undefined;
  for (let i = 0; i < job.scenes.length; i++) {
    // The scene drawn leaves some 50 MB of typed arrays that only a full collection frees, which
    // V8 would otherwise start late, in the middle of the next scene's planning.
    if (i > 0) {
      output.releaseBuffers();
      collectGarbage();
    }
    ahead = await drawScene(job, output, i, ahead, { started, thumbnailScene });
  }
}

/**
 * Decodes (by sharp, on its own thread) the first picture scene after scene `i`, and starts the
 * thread that will plan it.
 */
function decodeAhead({ scenes, frame, workers }: StoryJob, i: number): PictureAhead {
  const scene = scenes.findIndex((s, j) => j > i && s.input !== undefined);
  const next = scenes[scene];
  if (!next) return { scene, picture: Promise.resolve(undefined) };
  const worker = workers.start();
  const picture = decodePicture(next.input!, next.options, { frame }).then((p) => ({
    picture: p,
    worker,
  }));
  picture.catch(() => undefined);
  return { scene, picture };
}

/**
 * Scene `i`: planned (its picture decoded while the scene before was drawn), its frames, then its
 * hold and the transition to the next (but for the last, whose hold ffmpeg makes). The next
 * picture is decoded once this scene is planned (its planning has both cores to itself).
 */
async function drawScene(
  job: StoryJob,
  output: FrameOutput,
  i: number,
  ahead: PictureAhead,
  { started, thumbnailScene }: { started: Promise<void>; thumbnailScene: number },
): Promise<PictureAhead> {
  const { scenes, time, frame, run } = job;
  const scene = scenes[i]!;
  const sceneFrames = time.scenes[i]!;
  const picture = ahead.scene === i ? ahead.picture : undefined;
  const drawing = await planScene(job, scene, sceneFrames.drawFrames, picture);
  const next = ahead.scene > i ? ahead : decodeAhead(job, i);
  const inks = prepareScene(
    drawing,
    scene.settings.texts,
    scene.input === undefined,
    scene.settings.drawingTime,
    sceneFrames,
  );
  if (i === 0) {
    await started;
    run.progress(PROGRESS.planned);
  }
  run.checkCancelled();
  const thumbnail =
    i === thumbnailScene
      ? (rgb: Uint8Array) => job.work.writeThumbnail(rgb, frame.width, frame.height)
      : undefined;
  if (thumbnail && drawing.sketch.finalRgb) thumbnail(drawing.sketch.finalRgb);
  const withText = (rgb: Uint8Array) => {
    inkText(inks, frame.width, (q) => rgb.fill(TEXT_GREY, 3 * q, 3 * q + 3));
    thumbnail?.(rgb);
  };
  const finished = await encodeScene(drawing, output, withText, inks, job.params.log);
  if (i === scenes.length - 1) return next;
  for (let h = sceneFrames.renderedFrames; h < sceneFrames.frames; h++) await output.send(finished);
  const transition = time.transitions[i]!;
  if (transition.frames === 0) return next;
  const frames = new TransitionFrames(transition.kind, finished, frame.width, frame.height);
  for (let j = 0; j < transition.frames; j++)
    await output.send(frames.at((j + 1) / (transition.frames + 1)));
  return next;
}

/**
 * A scene's drawing: its picture planned (with a planning thread of its own), or a blank board
 * over the scene's `drawFrames`. The picture is awaited here, so nothing but the plan keeps it
 * once the scene is planned.
 */
async function planScene(
  job: StoryJob,
  scene: StoryScene,
  drawFrames: number,
  picture: Promise<PictureToPlan | undefined> | undefined,
): Promise<Drawing> {
  const toPlan = await picture;
  if (!toPlan)
    return planBlank(job.frame, job.options, drawFrames, scene.settings.texts.length > 0);
  // The thread ends once it has answered (`planDrawing` closes it).
  return planDrawing(toPlan.picture, scene.options, toPlan.worker, job.params.log);
}

/**
 * Hands the encoder a scene's frames one by one, ordering one more band of strokes after each
 * until all are (the pen's clock finishes the order itself should it need it sooner), and laying
 * the colour in as soon as its plan has come (at the latest when the drawing ends), the text's ink
 * kept over it. The finished picture, without the hand.
 */
async function encodeScene(
  { sketch, colour, sinceDecoded }: Drawing,
  output: FrameOutput,
  onColourPicture: (rgb: Uint8Array) => void,
  inks: readonly TextInk[],
  log: InternalStoryParams['log'],
): Promise<Uint8Array> {
  const { script } = sketch;
  const renderer = new FrameRenderer(script);
  let ordering = script.order?.complete === false ? script.order : undefined;
  const noteOrdered = () => {
    if (!ordering?.complete) return;
    ordering = undefined;
    logOrdered(sketch, sinceDecoded, log);
  };
  for (let k = 0; ; k++) {
    if (colour && !script.colour && (colour.ready || k >= script.drawFrames)) {
      const plan = await colour.get(sketch.grey);
      inkGreyInYuv(plan.colour.final, inks, script.width, script.height);
      script.colour = plan.colour;
      onColourPicture(plan.finalRgb);
    }
    const frame = renderer.next();
    noteOrdered();
    if (!frame) return renderer.finished();
    if (output.sent === 0) log?.(`${STAGE_LOG.firstFrame}: ${sinceDecoded()} ms after decoding`);
    await output.send(frame);
    ordering?.step();
    noteOrdered();
  }
}

/** Starts mixing the sound into the work folder, for a video `seconds` long. */
function startMix({ work, ffmpeg }: StoryJob, sound: Sound, seconds: number): Mixing {
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
async function addSound({ params, ffmpeg, work }: StoryJob, sound: Sound, mixing: Mixing) {
  const report = await mixing.done;
  params.log?.(describeMix(sound, report, mixing.milliseconds()));
  await muxSound(
    ffmpeg.path,
    { video: work.frames, audio: work.sound, output: work.video },
    params.signal,
  );
}
