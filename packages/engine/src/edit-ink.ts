/**
 * The ink of stroke edits: which planned strokes a deleted centre line names and the ink that
 * goes with them, and the ink of strokes drawn by hand. Everything here works on the plan's
 * pixels; the edits come in the image's own (`Placement`). Pure, browser-safe.
 */
import type { AddedStroke, DeletedStroke } from '@rasma/contract/stroke-edits';
import { dilateMask, hatchGeometry } from './hatch.js';
import { LINE_DARK, LINE_RIM, scaleOf } from './outline.js';
import { parsePartId } from './parts.js';
import type { Placement, PlannedStroke, StrokePlan } from './stroke-plan.js';
import { capsuleBox } from './zones.js';

/**
 * A planned stroke is deleted when at least DELETED_SHARE of its pixels lie within the tolerance
 * of a deleted centre line and, on average, within MEAN_DISTANCE of it: the line itself, not the
 * hatching that runs beside it or ends against it (2 px away on a screen-sized plan).
 */
const DELETED_SHARE = 0.6;
/** The tolerance (plan pixels): at least this, and this many image pixels. */
const MIN_TOLERANCE = 2;
const TOLERANCE_IN_IMAGE_PIXELS = 2;
/** The mean distance allowed, as a share of the tolerance. */
const MEAN_DISTANCE = 0.5;
/**
 * A stroke the deleted line runs along for only part of its length (the plan at another size
 * traced the line on into the next, or split it elsewhere) loses that part: a run of at least
 * CUT_RUN tolerances of its pixels within the tolerance. A line crossing it covers about two. What
 * is left of it is kept where it is at least half that long; a shorter end would show as a dot.
 */
const CUT_RUN = 4;
/**
 * Hatching is placed a few pixels apart at another size, and dashes the editor drew may be drawn
 * elsewhere along their line or not at all: a deleted line that named no stroke here and lies on
 * no pen line is hatching, and takes the hatch strokes lying for DELETED_SHARE of their pixels
 * within HATCH_REACH line spacings of it (the next line of a layer lies a spacing away).
 */
const HATCH_REACH = 0.75;
/** A deleted line named a stroke, or lies on a pen line, when this share of it lies on one. */
const LINE_SHARE = 0.5;
/** A stroke drawn by hand is this wide at pressure 0.5 on a 1920 px picture (scaled with it). */
const ADDED_WIDTH_AT_1920 = 3;

/** What the deleted centre lines take from the planned strokes. */
export interface DeletedMatch {
  /** 1 for each planned stroke (by index) deleted whole. */
  gone: Uint8Array;
  /** The strokes deleted in part: what is left of each (by index), as strokes of its own. */
  cut: Map<number, PlannedStroke[]>;
}

/** The planned strokes that the deleted centre lines name, each in its group, whole or in part. */
export function matchDeleted(
  plan: Pick<StrokePlan, 'width' | 'height' | 'strokes' | 'parts'>,
  deleted: readonly DeletedStroke[],
  placement: Placement,
): DeletedMatch {
  const { width, height, strokes } = plan;
  const gone = new Uint8Array(strokes.length);
  const cut = new Map<number, PlannedStroke[]>();
  const byGroup = new Map<number, DeletedStroke[]>();
  for (const d of deleted) {
    const group = parsePartId(d.part)?.group;
    if (group === undefined) continue;
    const list = byGroup.get(group);
    if (list) list.push(d);
    else byGroup.set(group, [d]);
  }
  if (byGroup.size === 0) return { gone, cut };
  // Matched by group, not band: a band's bounds move a little with the plan's size.
  const groupOfPart = new Map(plan.parts.map((p) => [p.id, p.group]));
  const candidates = new Map<number, number[]>();
  strokes.forEach((s, i) => {
    const group = groupOfPart.get(s.part);
    if (group === undefined || !byGroup.has(group)) return;
    const list = candidates.get(group);
    if (list) list.push(i);
    else candidates.set(group, [i]);
  });
  const r = Math.max(MIN_TOLERANCE, TOLERANCE_IN_IMAGE_PIXELS * placement.scale);
  const field = new NearField(width, height, r);
  for (const [group, lines] of byGroup) {
    const members = candidates.get(group);
    if (!members) continue;
    field.next();
    for (const { points } of lines)
      forEachSegment(points, placement, (ax, ay, bx, by) => field.add(ax, ay, bx, by));
    for (const i of members) {
      const { pixels } = strokes[i]!;
      const near = pixels.map((p) => field.distance(p));
      let inside = 0;
      let sum = 0;
      for (const d of near) {
        if (d <= r) inside++;
        sum += d < r ? d : r;
      }
      if (inside >= DELETED_SHARE * pixels.length && sum <= MEAN_DISTANCE * r * pixels.length)
        gone[i] = 1;
      else if (inside >= CUT_RUN * r) {
        const left = leftOver(near, r);
        if (left)
          cut.set(
            i,
            left.map((run) => ({ ...strokes[i]!, pixels: pixels.slice(...run) })),
          );
      }
    }
    const hatching = unmatchedHatching(plan, members, lines, placement, r, gone, cut);
    if (hatching.length > 0) takeHatchingNear(plan, members, hatching, placement, gone, cut);
  }
  return { gone, cut };
}

/**
 * The deleted lines of a group (`lines`, its strokes `members`) that named none of its strokes
 * and lie on none of its pen lines: hatching this plan drew elsewhere, or not at all.
 */
function unmatchedHatching(
  { width, height, strokes }: Pick<StrokePlan, 'width' | 'height' | 'strokes'>,
  members: readonly number[],
  lines: readonly DeletedStroke[],
  placement: Placement,
  r: number,
  gone: Uint8Array,
  cut: ReadonlyMap<number, unknown>,
): DeletedStroke[] {
  const named = new Uint8Array(width * height);
  const penLine = new Uint8Array(width * height);
  for (const i of members) {
    const { kind, pixels } = strokes[i]!;
    const isNamed = gone[i] === 1 || cut.has(i);
    for (const p of pixels) {
      if (isNamed) named[p] = 1;
      if (kind !== 'hatch') penLine[p] = 1;
    }
  }
  const nearNamed = dilateMask(named, width, height, Math.ceil(r));
  const nearPenLine = dilateMask(penLine, width, height, Math.ceil(r));
  return lines.filter(({ points }) => {
    let [count, onNamed, onPenLine] = [0, 0, 0];
    forEachSegment(points, placement, (ax, ay, bx, by) => {
      const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay)));
      for (let k = 0; k <= steps; k++) {
        const x = Math.floor(ax + ((bx - ax) * k) / steps);
        const y = Math.floor(ay + ((by - ay) * k) / steps);
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        count++;
        onNamed += nearNamed[y * width + x]!;
        onPenLine += nearPenLine[y * width + x]!;
      }
    });
    return count > 0 && onNamed < LINE_SHARE * count && onPenLine < LINE_SHARE * count;
  });
}

/** Deletes (in `gone`) the hatch strokes lying along the unmatched deleted hatching. */
function takeHatchingNear(
  { width, height, strokes }: Pick<StrokePlan, 'width' | 'height' | 'strokes'>,
  members: readonly number[],
  hatching: readonly DeletedStroke[],
  placement: Placement,
  gone: Uint8Array,
  cut: Map<number, unknown>,
): void {
  const reach = HATCH_REACH * hatchGeometry(scaleOf(width, height)).spacing;
  const field = new NearField(width, height, reach);
  field.next();
  for (const { points } of hatching)
    forEachSegment(points, placement, (ax, ay, bx, by) => field.add(ax, ay, bx, by));
  for (const i of members) {
    const { kind, pixels } = strokes[i]!;
    if (kind !== 'hatch' || gone[i] === 1) continue;
    const inside = pixels.reduce((n, p) => n + (field.distance(p) <= reach ? 1 : 0), 0);
    if (inside < DELETED_SHARE * pixels.length) continue;
    gone[i] = 1;
    cut.delete(i);
  }
}

/**
 * The runs [start, end) of a stroke's pixels left when the runs of at least CUT_RUN * r pixels
 * within r of the deleted line (`near`: each pixel's distance) go, and the ends shorter than half
 * that with them; undefined when no run is that long.
 */
function leftOver(near: readonly number[], r: number): [number, number][] | undefined {
  const covered: [number, number][] = [];
  for (let j = 0; j < near.length;) {
    if (near[j]! > r) {
      j++;
      continue;
    }
    let end = j;
    while (end < near.length && near[end]! <= r) end++;
    if (end - j >= CUT_RUN * r) covered.push([j, end]);
    j = end;
  }
  if (covered.length === 0) return undefined;
  const kept: [number, number][] = [];
  let from = 0;
  for (const [start, end] of [...covered, [near.length, near.length] as [number, number]]) {
    if (start - from >= (CUT_RUN * r) / 2) kept.push([from, start]);
    from = end;
  }
  return kept;
}

/**
 * Distances to a set of segments, within `r` of them (farther is Infinity). `next` starts a new
 * set without clearing: a pixel's distance counts only when it was written for the current set.
 */
class NearField {
  private readonly d: Float32Array;
  private readonly set: Uint16Array;
  private current = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly r: number,
  ) {
    this.d = new Float32Array(width * height);
    this.set = new Uint16Array(width * height);
  }

  next(): void {
    this.current++;
  }

  distance(p: number): number {
    return this.set[p] === this.current ? this.d[p]! : Infinity;
  }

  /** The segment from a to b (pixel centres at x + 0.5), in pieces a few r long. */
  add(ax: number, ay: number, bx: number, by: number): void {
    // A long slanted segment's box is mostly far from it: its pieces' boxes are not.
    const pieces = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / (4 * this.r)));
    for (let i = 0; i < pieces; i++) {
      const [s, t] = [i / pieces, (i + 1) / pieces];
      this.addPiece(ax + (bx - ax) * s, ay + (by - ay) * s, ax + (bx - ax) * t, ay + (by - ay) * t);
    }
  }

  private addPiece(ax: number, ay: number, bx: number, by: number): void {
    const { width, height, r, d, set, current } = this;
    const { x0, x1, y0, y1 } = capsuleBox(width, height, { ax, ay, bx, by, r });
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    const r2 = r * r;
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5 - ay;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5 - ax;
        let t = length2 > 0 ? (px * dx + py * dy) / length2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = px - t * dx;
        const ey = py - t * dy;
        const e2 = ex * ex + ey * ey;
        if (e2 > r2) continue;
        const p = y * width + x;
        const e = Math.sqrt(e2);
        if (set[p] !== current || e < d[p]!) {
          set[p] = current;
          d[p] = e;
        }
      }
    }
  }
}

/** Each segment of a polyline in plan pixels (a lone point's as a segment of length 0). */
function forEachSegment(
  points: readonly (readonly number[])[],
  { scale, left, top }: Placement,
  visit: (ax: number, ay: number, bx: number, by: number) => void,
): void {
  const x = (i: number) => left + points[i]![0]! * scale;
  const y = (i: number) => top + points[i]![1]! * scale;
  if (points.length === 1) visit(x(0), y(0), x(0), y(0));
  for (let i = 1; i < points.length; i++) visit(x(i - 1), y(i - 1), x(i), y(i));
}

/**
 * Removes the deleted strokes' ink (in place): the ink pixels whose centre-line pixel no kept
 * stroke (nor what is left of a stroke deleted in part) passes become paper, so they show in no
 * frame and not in the finished picture.
 */
export function removeInk(
  strokes: readonly { pixels: readonly number[] }[],
  gone: Uint8Array,
  cut: ReadonlyMap<number, readonly { pixels: readonly number[] }[]>,
  ink: Uint8Array,
  owner: Int32Array,
  grey: Uint8Array,
): void {
  // 1 on the centre-line pixels of deleted strokes, then 0 again on those a kept stroke passes.
  const dead = new Uint8Array(ink.length);
  const mark = (pixels: readonly number[], value: number) => {
    for (let j = 0; j < pixels.length; j++) dead[pixels[j]!] = value;
  };
  strokes.forEach((s, i) => (gone[i] === 1 || cut.has(i)) && mark(s.pixels, 1));
  strokes.forEach((s, i) => {
    if (gone[i] === 1) return;
    for (const kept of cut.get(i) ?? [s]) mark(kept.pixels, 0);
  });
  for (let p = 0; p < ink.length; p++) {
    const c = owner[p]!;
    if (c < 0 || dead[c] === 0 || ink[p] !== 1) continue;
    ink[p] = 0;
    grey[p] = 255;
    owner[p] = -1;
  }
}

/**
 * Inks the strokes drawn by hand (in place) as the pen draws a line: its centre line along the
 * points, as wide as the pressure says, darkest at its heart. Paper only: ink already there keeps
 * its stroke. Returns their strokes, one per added stroke, in the order given. A stroke lists a
 * centre-line pixel once (the pen's clock reveals its ink at the first pass), and a disc is inked
 * only where it is wider than the one inked there before: a stroke going over a line again and
 * again costs the pixels it covers, not its length.
 */
export function addInk(
  added: readonly AddedStroke[],
  placement: Placement,
  width: number,
  height: number,
  ink: Uint8Array,
  owner: Int32Array,
  grey: Uint8Array,
): PlannedStroke[] {
  if (added.length === 0) return [];
  const halfWidth = (ADDED_WIDTH_AT_1920 / 2) * (Math.max(width, height) / 1920);
  /** Stroke s + 1 on the centre-line pixels it lists (the contract's maxAdded fits 16 bits). */
  const listed = new Uint16Array(width * height);
  /** The widest disc inked around each centre-line pixel so far (0: none). */
  const inked = new Float32Array(width * height);
  return added.map(({ part, points }, s) => {
    const pixels: number[] = [];
    const { scale, left, top } = placement;
    for (let i = 1; i < points.length; i++) {
      const [ax, ay, ap] = points[i - 1]!;
      const [bx, by, bp] = points[i]!;
      const [x0, y0] = [left + ax * scale, top + ay * scale];
      const [x1, y1] = [left + bx * scale, top + by * scale];
      const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
      for (let k = i === 1 ? 0 : 1; k <= steps; k++) {
        const t = k / steps;
        const x = Math.min(width - 1, Math.max(0, Math.floor(x0 + (x1 - x0) * t)));
        const y = Math.min(height - 1, Math.max(0, Math.floor(y0 + (y1 - y0) * t)));
        const p = y * width + x;
        if (listed[p] === s + 1) continue;
        listed[p] = s + 1;
        pixels.push(p);
        const r = Math.max(0.5, halfWidth * (0.5 + ap + (bp - ap) * t));
        if (r <= inked[p]!) continue;
        inked[p] = r;
        inkDisc(p, r, width, height, ink, owner, grey);
      }
    }
    return { part, kind: 'contour', pixels };
  });
}

/** Inks the paper within r of centre-line pixel c, owned by c, darkest at c. */
function inkDisc(
  c: number,
  r: number,
  width: number,
  height: number,
  ink: Uint8Array,
  owner: Int32Array,
  grey: Uint8Array,
): void {
  const cx = c % width;
  const cy = Math.floor(c / width);
  const reach = Math.floor(r);
  for (let y = Math.max(0, cy - reach); y <= Math.min(height - 1, cy + reach); y++) {
    for (let x = Math.max(0, cx - reach); x <= Math.min(width - 1, cx + reach); x++) {
      const d = Math.sqrt((x - cx) ** 2 + (y - cy) ** 2);
      const p = y * width + x;
      if (d > r || ink[p] === 1) continue;
      ink[p] = 1;
      owner[p] = c;
      grey[p] = Math.round(LINE_DARK + ((LINE_RIM - LINE_DARK) * d) / Math.max(1, r));
    }
  }
}
