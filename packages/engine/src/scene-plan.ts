/**
 * A scene's drawing planned for its frames: the picture's outline, strokes and order (with the
 * planning's second thread), its colour, the hand; or a blank board. Node (the hand is rasterised
 * by sharp).
 */
import { isColourModel } from '@rasma/contract/constants';
import type { TextBlock } from '@rasma/contract/story';
import { hasStrokeEdits } from '@rasma/contract/stroke-edits';
import { planColour } from './colour.js';
import type { ColourResult } from './colour.js';
import { partTimes } from './edits.js';
import type { FrameScript } from './frames.js';
import { handPose, loadHand } from './hand.js';
import { handAcross } from './hand-geometry.js';
import type { RenderOptions } from './options.js';
import { outlineInParallel } from './parallel.js';
import type { PlanWorker } from './parallel.js';
import { partsInOrder } from './parts.js';
import type { Picture } from './render-work.js';
import { STAGE_LOG } from './render-work.js';
import { colourPlanParams, planSketch, sketchOutlineParams } from './sketch.js';
import type { Sketch, SketchParams } from './sketch.js';
import { hatchStrokes, penStrokes } from './strokes.js';
import { TEXT_GREY, textInk } from './text-ink.js';
import type { TextInk } from './text-ink.js';
import { sceneTextSchedule } from './text-schedule.js';
import { FPS, LEAVE_FRAMES } from './timeline.js';
import type { SceneFrames } from './timeline.js';
import type { Direction } from './types.js';
import { GREY_TO_Y, NEUTRAL_CHROMA } from './yuv.js';

/** What a scene's frames need of its sketch (a blank board has no outline). */
export type SceneSketch = Pick<Sketch, 'script' | 'grey' | 'finalRgb' | 'mainDirection' | 'parts'>;

type Log = ((message: string) => void) | undefined;

export const isColour = (options: RenderOptions) => isColourModel(options.aiModel);

/** The planned drawing, and in the colour model the colour laid in after it. */
export interface Drawing {
  sketch: SceneSketch;
  colour: ColourPlan | undefined;
  /** Milliseconds since the picture was decoded (for the log). */
  sinceDecoded: () => number;
}

/**
 * The colour plan, made on the planning's second thread while this one plans the drawing; made
 * here (`make`, from the outline picture) if that thread failed.
 */
export class ColourPlan {
  /** The second thread's plan once it has come. */
  ready: ColourResult | undefined;
  /** Let go once the thread's plan has come: it keeps the picture and its outline. */
  private make: ((grey: Uint8Array) => ColourResult) | undefined;

  constructor(
    private readonly planned: Promise<ColourResult | undefined>,
    make: (grey: Uint8Array) => ColourResult,
  ) {
    this.make = make;
    void planned.then((plan) => {
      this.ready = plan;
      if (plan) this.make = undefined;
    });
  }

  async get(grey: Uint8Array): Promise<ColourResult> {
    return this.ready ?? (await this.planned) ?? this.make!(grey);
  }
}

/**
 * Outline, strokes and their order (with the second thread), the colour plan asked of that thread,
 * and the hand held for the direction most of the ink is drawn in.
 */
export async function planDrawing(
  { image, zones, placement, decodeStart, decoded }: Picture,
  options: RenderOptions,
  planWorker: PlanWorker,
  log: Log,
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
  const sinceDecoded = millisecondsSince(decoded);
  const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
  log?.(
    `${STAGE_LOG.prepared} ${image.width}x${image.height}: decode ${ms(decodeStart, decoded)}, outline ${ms(decoded, outlined)}, strokes ${ms(outlined, stroked)}, first band ${ms(stroked, planned)}, hand ${ms(planned, performance.now())}; ${sinceDecoded()} ms after decoding`,
  );
  if (sketch.script.order?.complete !== false) logOrdered(sketch, sinceDecoded, log);
  // What the frames need, without the outline: a story plans its next scene while this one's
  // drawing is still reachable.
  const { script, grey, finalRgb, mainDirection, parts } = sketch;
  return { sketch: { script, grey, finalRgb, mainDirection, parts }, colour, sinceDecoded };
}

/**
 * A clock from `start` (made here, not inside the planning, whose closures would keep the picture
 * and its outline alive as long as the clock).
 */
const millisecondsSince = (start: number) => () => Math.round(performance.now() - start);

export function logOrdered(sketch: SceneSketch, sinceDecoded: () => number, log: Log): void {
  log?.(
    `${STAGE_LOG.ordered}: ${sketch.script.strokes.length} strokes, ${sinceDecoded()} ms after decoding`,
  );
}

/** A blank board's drawing: no strokes, white paper, the hand held for writing. */
export async function planBlank(
  frame: { width: number; height: number },
  options: Pick<RenderOptions, 'hand'>,
  drawFrames: number,
  hasText: boolean,
): Promise<Drawing> {
  const { width, height } = frame;
  const started = performance.now();
  const finalRgb = new Uint8Array(width * height * 3).fill(255);
  const script: FrameScript = {
    width,
    height,
    fps: FPS,
    drawFrames,
    strokes: [],
    // Nothing is drawn from these on a blank board: only the text is.
    ink: new Uint8Array(0),
    owner: new Int32Array(0),
    grey: new Uint8Array(0),
    frames: drawFrames,
    leaveFrames: LEAVE_FRAMES,
  };
  if (hasText && options.hand !== 'none')
    script.hand = await loadHand(handAcross(width, height), handPose(WRITING), frame, options.hand);
  const sketch = { script, grey: script.grey, finalRgb, mainDirection: WRITING };
  return { sketch, colour: undefined, sinceDecoded: millisecondsSince(started) };
}

/** Latin text is written left to right. */
const WRITING: Direction = 'Left to right';

/**
 * Gives a planned scene its text (written at its moments, `sceneTextSchedule`) and its frames in
 * the story (`storyTimeline`): the drawing, then the colour phase or the hand leaving before the
 * hold or the transition. The text's ink goes into the finished picture too (the thumbnail, the
 * colour model's last frame): text stays ink.
 */
export function prepareScene(
  { sketch }: Drawing,
  texts: readonly TextBlock[],
  blank: boolean,
  drawingTime: number,
  frames: SceneFrames,
): TextInk[] {
  const { script } = sketch;
  script.frames = frames.renderedFrames;
  script.leaveFrames = Math.min(LEAVE_FRAMES, frames.renderedFrames - frames.drawFrames);
  if (texts.length === 0) return [];
  // A blank board has no parts: its blocks are written in turn.
  const atParts = !blank && texts.some((t) => t.at !== 'before' && t.at !== 'after');
  const partEnds = atParts ? partEndShares(sketch) : undefined;
  const schedule = sceneTextSchedule({ drawingTime, texts, blank }, partEnds);
  const inks = schedule.texts.map(() => undefined as TextInk | undefined);
  for (const writing of schedule.texts)
    inks[writing.block] = textInk(
      texts[writing.block]!,
      script,
      script.fps,
      writing.end - writing.start,
    );
  const written = inks.map((ink) => ink!);
  script.text = {
    pictureFrames: schedule.pictureFrames,
    stretches: schedule.stretches,
    inks: written,
  };
  if (sketch.finalRgb)
    inkText(written, script.width, (q) => sketch.finalRgb!.fill(TEXT_GREY, 3 * q, 3 * q + 3));
  return written;
}

/** Calls `visit` with each frame pixel the text's ink covers. */
export function inkText(inks: readonly TextInk[], width: number, visit: (pixel: number) => void) {
  for (const { left, top, plan } of inks)
    for (let p = 0; p < plan.ink.length; p++)
      if (plan.ink[p] === 1)
        visit((top + Math.floor(p / plan.width)) * width + left + (p % plan.width));
}

/**
 * When each part of the picture's drawing ends, as a share of it: the whole order is made first
 * (a block written after a part needs it before the first frame).
 */
function partEndShares(sketch: SceneSketch): Map<string, number> {
  const { script } = sketch;
  const parts = sketch.parts ?? partsOf(script);
  const seconds = script.drawFrames / script.fps;
  return new Map(partTimes({ parts, plan: script }).map((part) => [part.id, part.end / seconds]));
}

/** An unedited drawing's parts in order, each with its first stroke. */
function partsOf(script: FrameScript) {
  const { strokes, bands } = script.order!.finish() as {
    strokes: { group: number }[];
    bands: Uint8Array;
  };
  let first = 0;
  return partsInOrder(strokes, bands).map((part) => {
    const withFirst = { ...part, first, timeScale: 1 };
    first += part.strokes;
    return withFirst;
  });
}

/**
 * The text's ink in a yuv420p picture: its grey luma, and no colour in the chroma samples it
 * touches (the luma alone left the colour's chroma on the pen's lines: dark green words on grass).
 */
export function inkGreyInYuv(
  yuv: Uint8Array,
  inks: readonly TextInk[],
  width: number,
  height: number,
) {
  const luma = GREY_TO_Y[TEXT_GREY]!;
  const u = width * height;
  const v = u + (width / 2) * (height / 2);
  inkText(inks, width, (q) => {
    yuv[q] = luma;
    const c = (Math.floor(q / width) >> 1) * (width >> 1) + ((q % width) >> 1);
    yuv[u + c] = NEUTRAL_CHROMA;
    yuv[v + c] = NEUTRAL_CHROMA;
  });
}
