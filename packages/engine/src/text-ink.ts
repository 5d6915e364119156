/**
 * A text block as ink the pen lays down, like the drawing's: its strokes rasterised into
 * centre-line pixels (in writing order) with the pen's width around them, each ink pixel owned by
 * the first centre-line pixel the pen passes near it, so the letters appear as the pen writes
 * them (`Drawing`). Kept in the block's own box, not the whole frame. Pure, browser-safe.
 */
import { handwritingStrokes } from './handwriting.js';
import type { HandwrittenBlock } from './handwriting.js';
import { scaleOf } from './outline.js';
import type { DrawingPlan } from './plan.js';

/** The thinnest pen, on a 1080p frame's long side (1920 px): lines some 3 px wide, as the drawing's. */
const PEN_RADIUS_AT_1920 = 1.25;
/**
 * A letter's line is this share of its capital's height wide, as a marker's on a whiteboard: a
 * title is written bolder than a caption, and stays legible in a small frame (a 720p title's
 * hairline of the drawing's pen all but vanished under the colour).
 */
const LINE_PER_CAPITAL = 1 / 18;
/** The text's shade: the outline's darkest ink. */
export const TEXT_GREY = 30;

/** A block's ink in its box: the plan is `box.width` x `box.height`, at (`left`, `top`). */
export interface TextInk {
  left: number;
  top: number;
  plan: DrawingPlan;
}

/** The radius of the pen that writes text of `size` (a capital's share of the frame's height). */
export const textPenRadius = (frame: { width: number; height: number }, size: number): number =>
  Math.max(
    PEN_RADIUS_AT_1920 * scaleOf(frame.width, frame.height),
    (size * frame.height * LINE_PER_CAPITAL) / 2,
  );

/** A block's ink in a frame, written over `frames` frames at `fps`. */
export function textInk(
  block: HandwrittenBlock,
  frame: { width: number; height: number },
  fps: number,
  frames: number,
): TextInk {
  const polylines = handwritingStrokes(block, frame);
  const radius = textPenRadius(frame, block.size);
  const reach = Math.ceil(radius);
  const xs = polylines.flatMap((line) => line.map((p) => p.x));
  const ys = polylines.flatMap((line) => line.map((p) => p.y));
  const left = Math.max(0, Math.floor(Math.min(...xs)) - reach);
  const top = Math.max(0, Math.floor(Math.min(...ys)) - reach);
  const right = Math.min(frame.width - 1, Math.ceil(Math.max(...xs)) + reach);
  const bottom = Math.min(frame.height - 1, Math.ceil(Math.max(...ys)) + reach);
  const width = Math.max(1, right - left + 1);
  const height = Math.max(1, bottom - top + 1);
  const strokes = polylines
    .map((line) => ({ pixels: centreLine(line, left, top, width, height) }))
    .filter((stroke) => stroke.pixels.length > 0);
  const ink = new Uint8Array(width * height);
  const owner = new Int32Array(width * height).fill(-1);
  const disc: [number, number][] = [];
  for (let dy = -reach; dy <= reach; dy++)
    for (let dx = -reach; dx <= reach; dx++)
      if (dx * dx + dy * dy <= radius * radius) disc.push([dx, dy]);
  for (const { pixels } of strokes)
    for (const c of pixels) {
      const cx = c % width;
      const cy = Math.floor(c / width);
      for (const [dx, dy] of disc) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const p = y * width + x;
        if (owner[p] !== -1) continue;
        owner[p] = c;
        ink[p] = 1;
      }
    }
  return { left, top, plan: { width, height, fps, drawFrames: frames, strokes, ink, owner } };
}

/** A polyline's pixels in the box (those inside it), each once in a row, along the line. */
function centreLine(
  line: readonly { x: number; y: number }[],
  left: number,
  top: number,
  width: number,
  height: number,
): number[] {
  const pixels: number[] = [];
  const visit = (x: number, y: number) => {
    const px = Math.round(x) - left;
    const py = Math.round(y) - top;
    if (px < 0 || py < 0 || px >= width || py >= height) return;
    const p = py * width + px;
    if (pixels.at(-1) !== p) pixels.push(p);
  };
  visit(line[0]!.x, line[0]!.y);
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const steps = Math.max(1, Math.ceil(2 * Math.hypot(b.x - a.x, b.y - a.y)));
    for (let s = 1; s <= steps; s++)
      visit(a.x + ((b.x - a.x) * s) / steps, a.y + ((b.y - a.y) * s) / steps);
  }
  return pixels;
}
