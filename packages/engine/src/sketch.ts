/**
 * From pixels to a frame script: outline -> centre lines -> strokes -> order and timing -> reveal
 * buckets (-> colour plan). Pure, no Node imports: each step is a plain function on typed arrays.
 */
import { colourSteps, runSteps } from './colour.js';
import type { ColourResult } from './colour.js';
import type { FrameScript } from './frames.js';
import type { OutlineParams, OutlineResult } from './outline.js';
import { outline, outlineToGrey } from './outline.js';
import { bucketByFrame, orderStrokes, revealFrames, timeStrokes } from './plan.js';
import type { Plan } from './plan.js';
import { penStrokes } from './strokes.js';
import { FPS, LEAVE_FRAMES, timeline } from './timeline.js';
import type { Timeline } from './timeline.js';
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
  /** Leave the colour plan to the caller (`colourSteps`), to run while frames are encoded. */
  deferColour?: boolean;
}

export interface Sketch {
  script: FrameScript;
  outline: OutlineResult;
  /** The outline picture: white paper, ink in its tone. */
  grey: Uint8Array;
  plan: Plan;
  /** Drawing frame revealing each pixel, -1 for paper. */
  revealFrame: Int32Array;
  /**
   * Finished picture as RGB (colour model: colours under the lines; else the grey outline).
   * Undefined while `colourSteps` still has to run.
   */
  finalRgb: Uint8Array | undefined;
  /** With `deferColour`: the colour plan still to run; its result goes to script.colour. */
  colourSteps: Generator<void, ColourResult> | undefined;
  timeline: Timeline;
}

/** The outline a sketch is planned from. */
export function sketchOutlineParams(params: SketchParams): OutlineParams {
  return {
    grayscaleLevel: params.grayscaleLevel,
    zones: params.zones,
    zoneScale: params.zoneScale,
  };
}

/** Plans the video; `lines` is the image's outline when already drawn (`sketchOutlineParams`). */
export function planSketch(
  image: RgbaImage,
  params: SketchParams,
  lines: OutlineResult = outline(image, sketchOutlineParams(params)),
): Sketch {
  const { width, height } = image;
  const grey = outlineToGrey(lines);
  const traced = penStrokes(lines);
  const owner = traced.owner;
  const directions: Direction[] = [params.direction, ...params.zones.map((z) => z.direction)];
  const strokes = orderStrokes(traced.strokes, width, height, directions);
  const time = timeline(params.drawingTime, params.colour);
  const { drawFrames } = time;
  const plan = timeStrokes(strokes, width, height, drawFrames / FPS);
  const revealFrame = revealFrames(lines.ink, owner, plan.pixelTime, FPS, drawFrames);
  const ink = bucketByFrame(revealFrame, drawFrames);
  const script: FrameScript = {
    width,
    height,
    fps: FPS,
    drawFrames,
    ink,
    grey,
    pen: plan.pen,
    leaveFrames: LEAVE_FRAMES,
    frames: time.renderedFrames,
  };
  let colour: Generator<void, ColourResult> | undefined;
  if (params.colour) {
    colour = colourSteps({
      rgba: image.data instanceof Uint8Array ? image.data : new Uint8Array(image.data),
      grey,
      zoneMap: lines.zoneMap,
      width,
      height,
      directions,
      frames: time.colourFrames,
      seed: params.seed,
    });
  }
  let finalRgb: Uint8Array | undefined;
  if (!colour) {
    finalRgb = new Uint8Array(width * height * 3);
    for (let p = 0, j = 0; p < grey.length; p++, j += 3) {
      const g = grey[p]!;
      finalRgb[j] = g;
      finalRgb[j + 1] = g;
      finalRgb[j + 2] = g;
    }
  } else if (!params.deferColour) {
    const done = runSteps(colour);
    script.colour = done.colour;
    finalRgb = done.finalRgb;
    colour = undefined;
  }
  return {
    script,
    outline: lines,
    grey,
    plan,
    revealFrame,
    finalRgb,
    colourSteps: colour,
    timeline: time,
  };
}
