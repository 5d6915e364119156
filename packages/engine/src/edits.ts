/**
 * Applying stroke edits to a planned drawing: deleted strokes and the strokes of removed parts go
 * with their ink, strokes drawn by hand are inked as their own parts, parts move to the order the
 * person left them, a part may be drawn in another direction and take more or less of the drawing
 * time; the drawing still lasts exactly the drawing time. The editor (in the browser) and the video apply edits with this same
 * code. Pure, browser-safe.
 */
import { removedParts } from '@rasma/contract/stroke-edit-limits';
import type { PartEdit, StrokeEdits } from '@rasma/contract/stroke-edits';
import { addInk, matchDeleted, removeInk } from './edit-ink.js';
import { alongDirection, nearestFirst, PenClock, tierOf } from './plan.js';
import type { DrawingPlan } from './plan.js';
import { ADDED_GROUP, kindName, kindOfName, orderPartIds } from './parts.js';
import type { PlanPart } from './parts.js';
import { placementOf } from './stroke-plan.js';
import type { Placement, PlannedStroke, StrokePlan } from './stroke-plan.js';
import type { Stroke } from './strokes.js';
import type { Direction } from './types.js';

export interface EditedPart extends PlanPart {
  /** Index of its first stroke in the edited drawing order (its strokes follow it). */
  first: number;
  /** Its time weight (1 unless edited). */
  timeScale: number;
  /** Its direction when the edits give it one. */
  direction?: Direction;
  /** The edits remove it whole: it keeps its place in the order, with no strokes. */
  removed?: true;
}

export interface EditedStrokes {
  /** The parts in the edited order, each with its strokes (`first`, `strokes`). */
  parts: EditedPart[];
  /** The strokes in the edited drawing order, each with its part. */
  strokes: PlannedStroke[];
  /** Indices (into the plan's strokes) of the planned strokes the edits deleted or removed. */
  deleted: number[];
  /** The drawing, ready for `Drawing` / `revealFrames` / `FrameRenderer`. */
  plan: DrawingPlan & { grey: Uint8Array };
}

/** A part's strokes while the order is built. */
interface PartStrokes {
  part: PlanPart;
  strokes: PlannedStroke[];
}

/**
 * Applies `edits` to `plan`. `zoneScale` maps the image's pixels (those of the edits) to the
 * plan's, as for the zones; a render whose picture lies in a frame with a margin passes its
 * placement. The plan itself is not changed (its strokes are shared: they are never changed).
 */
export function applyStrokeEdits(
  plan: StrokePlan,
  edits: StrokeEdits,
  zoneScale: number | Placement,
): EditedStrokes {
  const placement = placementOf(zoneScale);
  const { width, height } = plan;
  const deleted = edits.deleted ?? [];
  const added = edits.added ?? [];
  const removed = removedParts(edits);
  let { ink, owner, grey } = plan;
  const { gone, cut } =
    deleted.length > 0
      ? matchDeleted(plan, deleted, placement)
      : { gone: new Uint8Array(plan.strokes.length), cut: new Map<number, PlannedStroke[]>() };
  if (removed.size > 0) plan.strokes.forEach((s, i) => removed.has(s.part) && (gone[i] = 1));
  const anyGone = deleted.length > 0 || removed.size > 0;
  if (anyGone || added.length > 0) {
    ink = ink.slice();
    owner = owner.slice();
    grey = grey.slice();
    if (anyGone) removeInk(plan.strokes, gone, cut, ink, owner, grey);
  }
  const planned = new Map<string, PartStrokes>(
    plan.parts.map((part) => [part.id, { part, strokes: [] }]),
  );
  plan.strokes.forEach((s, i) => {
    if (gone[i] === 0) planned.get(s.part)?.strokes.push(...(cut.get(i) ?? [s]));
  });
  const handDrawn = new Map<string, PartStrokes>();
  for (const stroke of addInk(added, placement, width, height, ink, owner, grey)) {
    const id = stroke.part;
    let entry = handDrawn.get(id);
    if (!entry) {
      const n = Number(id.slice(id.indexOf('.') + 1));
      entry = { part: { id, group: ADDED_GROUP, band: n, strokes: 0 }, strokes: [] };
      handDrawn.set(id, entry);
    }
    entry.strokes.push(stroke);
  }
  const byN = [...handDrawn.values()].sort((a, b) => a.part.band - b.part.band);
  const byId = new Map([...planned.values(), ...byN].map((entry) => [entry.part.id, entry]));
  const ordered = orderPartIds([...byId.keys()], edits.order ?? []).map((id) => byId.get(id)!);
  const partEdits = edits.parts ?? {};
  const parts: EditedPart[] = [];
  const strokes: PlannedStroke[] = [];
  for (const { part, strokes: own } of ordered) {
    const edit: PartEdit = partEdits[part.id] ?? {};
    const drawn = edit.direction ? inDirection(own, edit.direction, width, height) : own;
    parts.push({
      ...part,
      strokes: drawn.length,
      first: strokes.length,
      timeScale: edit.timeScale ?? 1,
      ...(edit.direction ? { direction: edit.direction } : {}),
      ...(removed.has(part.id) ? { removed: true as const } : {}),
    });
    for (const s of drawn) strokes.push(s);
  }
  const deletedIndices: number[] = [];
  gone.forEach((flag, i) => flag === 1 && deletedIndices.push(i));
  return {
    parts,
    strokes,
    deleted: deletedIndices,
    plan: {
      width,
      height,
      fps: plan.fps,
      drawFrames: plan.drawFrames,
      strokes,
      ink,
      owner,
      grey,
      ...timeWeightsOf(parts, strokes.length),
    },
  };
}

/** Each stroke's time weight, its part's time scale; none when every part keeps its time. */
function timeWeightsOf(
  parts: readonly EditedPart[],
  strokes: number,
): { timeWeights?: Float64Array } {
  if (parts.every((p) => p.timeScale === 1)) return {};
  const timeWeights = new Float64Array(strokes);
  for (const p of parts) timeWeights.fill(p.timeScale, p.first, p.first + p.strokes);
  return { timeWeights };
}

/**
 * A part's strokes redrawn in `direction`, as the plan orders a band: contours, details, then
 * hatching, each nearest next, from the end that comes first along the direction.
 */
function inDirection(
  strokes: readonly PlannedStroke[],
  direction: Direction,
  width: number,
  height: number,
): PlannedStroke[] {
  if (strokes.length === 0) return [];
  const part = strokes[0]!.part;
  const u = alongDirection(direction, width);
  let start = strokes[0]!.pixels[0]!;
  for (const s of strokes)
    for (const p of [s.pixels[0]!, s.pixels[s.pixels.length - 1]!]) if (u(p) < u(start)) start = p;
  let pen = { x: start % width, y: Math.floor(start / width) };
  const tiers: Stroke[][] = [[], [], []];
  for (const s of strokes) {
    // The pen reads its pixels, never changes them (a reversed stroke gets a copy).
    const stroke = { group: 0, kind: kindOfName(s.kind), pixels: s.pixels as number[] };
    tiers[tierOf(stroke)]!.push(stroke);
  }
  const out: PlannedStroke[] = [];
  for (const tier of tiers) {
    if (tier.length === 0) continue;
    const next = nearestFirst(tier, width, height, u, pen.x, pen.y);
    for (const s of next.strokes) out.push({ part, kind: kindName(s.kind), pixels: s.pixels });
    pen = next;
  }
  return out;
}

/** When each part of an edited drawing starts and ends (s), as the video times it. */
export function partTimes(
  edited: Pick<EditedStrokes, 'parts' | 'plan'>,
): { id: string; start: number; end: number }[] {
  const { plan } = edited;
  const clock = new PenClock(
    plan.strokes,
    plan.width,
    plan.height,
    plan.drawFrames / plan.fps,
    undefined,
    plan.timeWeights,
  );
  clock.advance(Infinity);
  const ends = clock.strokeEnds;
  let previousEnd = 0;
  return edited.parts.map((part) => {
    const last = part.first + part.strokes - 1;
    const start = previousEnd;
    const end = part.strokes > 0 ? ends[last]! : start;
    previousEnd = end;
    return { id: part.id, start, end };
  });
}
