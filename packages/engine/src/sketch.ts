/**
 * From pixels to a frame script: outline -> centre lines -> strokes -> order (-> colour plan); the
 * frames time the strokes and reveal their pixels as they go (`Drawing`). Pure, no Node imports:
 * each step is a plain function on typed arrays.
 */
import type { StrokeEdits } from '@rasma/contract/stroke-edits';
import { planColour } from './colour.js';
import type { ColourParams } from './colour.js';
import { applyStrokeEdits } from './edits.js';
import type { EditedPart } from './edits.js';
import type { FrameScript } from './frames.js';
import type { OutlineParams, OutlineResult } from './outline.js';
import { outline, outlineToGrey } from './outline.js';
import { orderStrokesInParts, StrokeOrder } from './plan.js';
import { strokePlanOf } from './stroke-plan.js';
import type { Placement, StrokePlan } from './stroke-plan.js';
import { penStrokes } from './strokes.js';
import type { TracedStrokes } from './strokes.js';
import { FPS, LEAVE_FRAMES, timeline } from './timeline.js';
import type { Direction, RgbaImage, ZoneShape } from './types.js';

export interface SketchZone extends ZoneShape {
  direction: Direction;
}

export interface SketchParams {
  zones: readonly SketchZone[];
  /** Zone coordinates are in source pixels; this maps them to these pixels. */
  zoneScale: number;
  grayscaleLevel: number;
  direction: Direction;
  drawingTime: number;
  colour: boolean;
  seed: number;
  /** Leave the colour plan to the caller (`planColour(colourPlanParams(...))`): a render has it made on its worker thread. */
  deferColour?: boolean;
  /**
   * Order only the first band now; the rest is ordered as the frames are made (`script.order`),
   * so a render's first frame comes sooner. That band is timed at an estimated pace (`PenClock`).
   * Stroke edits need the whole order: with them, it is made at once.
   */
  orderAsDrawn?: boolean;
  /** The person's stroke edits, in image pixels (`applyStrokeEdits`). */
  edits?: StrokeEdits;
  /** Where the image's pixels lie in these (default: scaled by `zoneScale`, no margin). */
  editPlacement?: Placement;
}

/** What `planStrokes` needs: the settings that decide the strokes and their timing. */
export type StrokePlanParams = Pick<
  SketchParams,
  'zones' | 'zoneScale' | 'grayscaleLevel' | 'direction' | 'drawingTime'
>;

export interface Sketch {
  script: FrameScript;
  outline: OutlineResult;
  /** The outline picture: white paper, ink in its tone. */
  grey: Uint8Array;
  /**
   * Finished picture as RGB (colour model: colours under the lines; else the grey outline).
   * Undefined with `deferColour` in the colour model.
   */
  finalRgb: Uint8Array | undefined;
  /** The direction most of the ink is drawn in (its group's): the hand is held for it. */
  mainDirection: Direction;
  /** With stroke edits: the parts in their edited order, each with its strokes. */
  parts?: EditedPart[];
}

/** The outline a sketch is planned from. */
export function sketchOutlineParams(
  params: Pick<SketchParams, 'grayscaleLevel' | 'zones' | 'zoneScale'>,
): OutlineParams {
  return {
    grayscaleLevel: params.grayscaleLevel,
    zones: params.zones,
    zoneScale: params.zoneScale,
  };
}

/** What the colour plan of a sketch starts from (`grey`: the outline picture, when at hand). */
export function colourPlanParams(
  image: RgbaImage,
  lines: OutlineResult,
  params: SketchParams,
  grey = outlineToGrey(lines),
): ColourParams {
  return {
    rgba: image.data instanceof Uint8Array ? image.data : new Uint8Array(image.data),
    grey,
    kind: lines.kind,
    zoneMap: lines.zoneMap,
    width: image.width,
    height: image.height,
    directions: directionsOf(params),
    frames: timeline(params.drawingTime, params.colour).colourFrames,
    seed: params.seed,
  };
}

/** Each group's direction: 0 the rest of the picture, i + 1 zone i. */
function directionsOf(params: Pick<SketchParams, 'direction' | 'zones'>): Direction[] {
  return [params.direction, ...params.zones.map((z) => z.direction)];
}

/** The direction of the groups holding the most ink (the global one on a tie). */
function mainDirection(lines: OutlineResult, directions: readonly Direction[]): Direction {
  // One direction for all (no zones drawn another way): no ink to count.
  if (directions.every((d) => d === directions[0])) return directions[0]!;
  const inkOf = new Float64Array(directions.length); // per group
  for (let p = 0; p < lines.ink.length; p++) if (lines.ink[p] === 1) inkOf[lines.zoneMap[p]!]!++;
  const inkDrawn = (d: Direction) =>
    directions.reduce((sum, e, group) => (e === d ? sum + inkOf[group]! : sum), 0);
  return directions.reduce((best, d) => (inkDrawn(d) > inkDrawn(best) ? d : best));
}

/**
 * Plans the video; `lines` is the image's outline when already drawn (`sketchOutlineParams`), and
 * `traced` its strokes when already traced (`penStrokes`).
 */
export function planSketch(
  image: RgbaImage,
  params: SketchParams,
  lines: OutlineResult = outline(image, sketchOutlineParams(params)),
  traced: TracedStrokes = penStrokes(lines),
): Sketch {
  const { width, height } = image;
  const directions = directionsOf(params);
  const order = new StrokeOrder(traced.strokes, width, height, directions);
  if (params.orderAsDrawn && !params.edits) order.step();
  else order.finish();
  const time = timeline(params.drawingTime, params.colour);
  const main = mainDirection(lines, directions);
  const planned = {
    width,
    height,
    fps: FPS,
    drawFrames: time.drawFrames,
    ink: lines.ink,
    owner: traced.owner,
    grey: outlineToGrey(lines),
  };
  const edited =
    params.edits &&
    applyStrokeEdits(
      strokePlanOf(order.finish(), { ...planned, directions, mainDirection: main }),
      params.edits,
      params.editPlacement ?? params.zoneScale,
    );
  const drawing = edited ? edited.plan : { ...planned, strokes: order.strokes, order };
  const { grey } = drawing;
  const script: FrameScript = {
    ...drawing,
    leaveFrames: LEAVE_FRAMES,
    frames: time.renderedFrames,
  };
  let finalRgb: Uint8Array | undefined;
  if (!params.colour) {
    finalRgb = new Uint8Array(width * height * 3);
    for (let p = 0, j = 0; p < grey.length; p++, j += 3) {
      const g = grey[p]!;
      finalRgb[j] = g;
      finalRgb[j + 1] = g;
      finalRgb[j + 2] = g;
    }
  } else if (!params.deferColour) {
    const done = planColour(colourPlanParams(image, lines, params, grey));
    script.colour = done.colour;
    finalRgb = done.finalRgb;
  }
  return {
    script,
    outline: lines,
    grey,
    finalRgb,
    mainDirection: main,
    ...(edited ? { parts: edited.parts } : {}),
  };
}

/**
 * The strokes of a picture as the video plans them (at the picture's size, here the editor's),
 * each with its part, in drawing order: what the stroke editor shows and edits.
 */
export function planStrokes(image: RgbaImage, params: StrokePlanParams): StrokePlan {
  const lines = outline(image, sketchOutlineParams(params));
  const traced = penStrokes(lines);
  const directions = directionsOf(params);
  const { width, height } = image;
  return strokePlanOf(orderStrokesInParts(traced.strokes, width, height, directions), {
    width,
    height,
    fps: FPS,
    drawFrames: timeline(params.drawingTime, false).drawFrames,
    ink: lines.ink,
    owner: traced.owner,
    grey: outlineToGrey(lines),
    directions,
    mainDirection: mainDirection(lines, directions),
  });
}
