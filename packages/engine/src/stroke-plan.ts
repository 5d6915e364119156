/**
 * The drawing as the stroke editor sees it: the planned strokes in drawing order, each with its
 * part, and what applying edits needs (the ink, each ink pixel's centre-line pixel, the outline
 * picture). The video makes the same plan at its own size. Pure, browser-safe.
 */
import { STROKE_EDIT_LIMITS } from '@rasma/contract/stroke-edit-limits';
import { kindName, partsInOrder } from './parts.js';
import type { PlanPart, StrokeKindName } from './parts.js';
import type { Stroke } from './strokes.js';
import type { Direction } from './types.js';

export interface PlannedStroke {
  part: string;
  kind: StrokeKindName;
  /** Centre-line pixel indices (y * width + x), in drawing order. */
  pixels: readonly number[];
}

export interface StrokePlan {
  width: number;
  height: number;
  fps: number;
  /** Frames of the drawing: it lasts `drawFrames / fps` seconds. */
  drawFrames: number;
  /** The parts in their default order. */
  parts: PlanPart[];
  /** The strokes in their default drawing order. */
  strokes: PlannedStroke[];
  /** 1 on ink pixels. Never changed by `applyStrokeEdits` (it edits copies). */
  ink: Uint8Array;
  /** Each ink pixel's centre-line pixel, -1 for none. */
  owner: Int32Array;
  /** The outline picture: white paper, ink in its tone. */
  grey: Uint8Array;
  /** Each group's direction: 0 the picture outside the zones, i zone i. */
  directions: readonly Direction[];
  /** The direction most of the ink is drawn in: the hand is held for it (`handPose`). */
  mainDirection: Direction;
}

/** A stroke plan of strokes as `orderStrokesInParts` leaves them. */
export function strokePlanOf(
  ordered: { strokes: readonly Stroke[]; bands: Uint8Array },
  fields: Omit<StrokePlan, 'parts' | 'strokes'>,
): StrokePlan {
  const parts = partsInOrder(ordered.strokes, ordered.bands);
  const strokes: PlannedStroke[] = [];
  for (const part of parts)
    for (let k = 0; k < part.strokes; k++) {
      const { kind, pixels } = ordered.strokes[strokes.length]!;
      strokes.push({ part: part.id, kind: kindName(kind), pixels });
    }
  return { ...fields, parts, strokes };
}

/** Image pixels to plan pixels: plan = left + image * scale (per axis, top for y). */
export interface Placement {
  scale: number;
  left: number;
  top: number;
}

export const placementOf = (zoneScale: number | Placement): Placement =>
  typeof zoneScale === 'number' ? { scale: zoneScale, left: 0, top: 0 } : zoneScale;

/** Image coordinates are kept to this many decimals (a hundredth of a pixel). */
const DECIMALS = 100;

/**
 * A planned stroke's centre line in the image's own pixels, simplified to at most the contract's
 * points per stroke: what a deleted stroke is sent as (`StrokeEdits.deleted[].points`).
 * `zoneScale` maps image pixels to the plan's (as in `planStrokes`).
 */
export function strokeEditPoints(
  stroke: Pick<PlannedStroke, 'pixels'>,
  width: number,
  zoneScale: number,
): [number, number][] {
  const xs = stroke.pixels.map((p) => (p % width) + 0.5);
  const ys = stroke.pixels.map((p) => Math.floor(p / width) + 0.5);
  let tolerance = 0.5; // plan pixels
  let kept = simplify(xs, ys, tolerance);
  while (kept.length > STROKE_EDIT_LIMITS.maxPointsPerStroke) {
    tolerance *= 2;
    kept = simplify(xs, ys, tolerance);
  }
  const image = (v: number) => Math.round((v / zoneScale) * DECIMALS) / DECIMALS;
  return kept.map((i) => [image(xs[i]!), image(ys[i]!)]);
}

/** Douglas-Peucker: the indices of the points kept within `tolerance` of the line (ends kept). */
function simplify(xs: readonly number[], ys: readonly number[], tolerance: number): number[] {
  const n = xs.length;
  if (n <= 2) return xs.map((_, i) => i);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const dx = xs[b]! - xs[a]!;
    const dy = ys[b]! - ys[a]!;
    const length2 = dx * dx + dy * dy;
    let worst = -1;
    let worstDistance = tolerance * tolerance;
    for (let i = a + 1; i < b; i++) {
      const ex = xs[i]! - xs[a]!;
      const ey = ys[i]! - ys[a]!;
      // Squared distance from the segment (from its start when both ends are one point: a loop).
      const t = length2 > 0 ? Math.min(1, Math.max(0, (ex * dx + ey * dy) / length2)) : 0;
      const d = (ex - t * dx) ** 2 + (ey - t * dy) ** 2;
      if (d > worstDistance) {
        worst = i;
        worstDistance = d;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([a, worst], [worst, b]);
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i] === 1) kept.push(i);
  return kept;
}
