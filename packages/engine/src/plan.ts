/**
 * Plan: order the strokes (zones first in list order, then the rest; within a group in bands
 * across the direction; in a band main contours, then details, then hatching, nearest stroke
 * next) and time them so the drawing lasts exactly the
 * drawing time. Pen-up moves take time too, at a faster speed. Pure, browser-safe.
 */
import { KIND } from './hatch.js';
import type { Stroke } from './strokes.js';
import type { Direction } from './types.js';

/** A pen-up move costs this fraction of the time of drawing the same distance. */
export const PEN_UP_WEIGHT = 0.3;
/** Every stroke costs at least this many pixels of pen-down time (dots take time too). */
const MIN_STROKE_LENGTH = 2;
/** Strokes at least this long (px) speed up in the middle: speed varies by +-STROKE_EASE. */
const EASE_MIN_LENGTH = 12;
const STROKE_EASE = 0.5;

export interface PenTimeline {
  /** Keyframe times in seconds, ascending. */
  t: Float64Array;
  x: Float32Array;
  y: Float32Array;
  /** 1 when the pen is down on the way to this keyframe from the previous one. */
  down: Uint8Array;
}

/** What the pen's clock reads of a stroke: its pixels, in drawing order. */
export interface PenStroke {
  readonly pixels: readonly number[];
}

/** What the drawing phase is made of. */
export interface DrawingPlan {
  width: number;
  height: number;
  fps: number;
  /** Frames of the drawing: the last stroke ends at the last one's time, drawFrames / fps. */
  drawFrames: number;
  /** The strokes, in drawing order. */
  strokes: readonly PenStroke[];
  /** 1 on ink pixels. */
  ink: Uint8Array;
  /** Each ink pixel's centre-line pixel, -1 for none. */
  owner: Int32Array;
  /**
   * Each stroke's time weight (1 when absent): its pen-down time and the pen-up move to it take
   * that many times their share, the drawing still lasting `drawFrames / fps` (stroke edits).
   */
  timeWeights?: Float64Array;
  /**
   * The order while it is still being made (`StrokeOrder`, without time weights): `strokes` grows
   * as it goes on, and the clock finishes it when it needs the rest.
   */
  order?: UnfinishedOrder;
}

/** An order still being made (`StrokeOrder`), as the frames and the pen's clock see it. */
export interface UnfinishedOrder {
  readonly complete: boolean;
  readonly strokeCount: number;
  readonly pixelCount: number;
  readonly penDownWeight: number;
  /** Orders one more band; false once all are ordered. */
  step(): boolean;
  finish(): unknown;
}

/** The coordinate of pixel p (an index into rows `width` wide) that grows along a direction. */
export function alongDirection(direction: Direction, width: number): (p: number) => number {
  switch (direction) {
    case 'Left to right':
      return (p) => p % width;
    case 'Right to left':
      return (p) => -(p % width);
    case 'Top to bottom':
      return (p) => Math.floor(p / width);
    case 'Bottom to top':
      return (p) => -Math.floor(p / width);
  }
}

/** Group drawing order: zones 1..n in list order, then the rest (0). */
export function groupOrder(zoneCount: number): number[] {
  return [...Array.from({ length: zoneCount }, (_, i) => i + 1), 0];
}

/**
 * Orders the strokes. `directions[g]` is group g's direction (0 = global, i + 1 = zone i).
 */
export function orderStrokes(
  strokes: readonly Stroke[],
  width: number,
  height: number,
  directions: readonly Direction[],
): Stroke[] {
  return orderStrokesInParts(strokes, width, height, directions).strokes;
}

/**
 * `orderStrokes`, with each ordered stroke's band in its group (0..7): a group's strokes of one
 * band are drawn together, a part of the drawing (`parts.ts`).
 */
export function orderStrokesInParts(
  strokes: readonly Stroke[],
  width: number,
  height: number,
  directions: readonly Direction[],
): { strokes: Stroke[]; bands: Uint8Array } {
  return new StrokeOrder(strokes, width, height, directions).finish();
}

/**
 * The stroke order made band by band (`orderStrokesInParts` all at once): a render draws the first
 * band's strokes while it orders the others between frames. `strokes` grows as bands are ordered;
 * the order is the same however it is made.
 */
export class StrokeOrder {
  /** The strokes ordered so far, in drawing order. */
  readonly strokes: Stroke[] = [];
  /** How many strokes the whole order holds. */
  readonly strokeCount: number;
  /** Centre-line pixels of all those strokes. */
  readonly pixelCount: number;
  /** Pen-down weight of all those strokes (`PenClock`), in no particular order. */
  readonly penDownWeight: number;
  private readonly bandOf: number[] = [];
  private readonly bands: Generator<void, void>;

  constructor(
    strokes: readonly Stroke[],
    width: number,
    height: number,
    directions: readonly Direction[],
  ) {
    const byGroup: Stroke[][] = directions.map(() => []);
    // A stroke of a group with no direction is not drawn.
    for (const stroke of strokes) {
      const group = byGroup[stroke.group];
      if (group) shortHatching(stroke, width, height, group);
    }
    let count = 0;
    let pixels = 0;
    let weight = 0;
    for (const group of byGroup)
      for (const s of group) {
        count++;
        pixels += s.pixels.length;
        weight += penDownWeight(pathLength(s.pixels, width));
      }
    this.strokeCount = count;
    this.pixelCount = pixels;
    this.penDownWeight = weight;
    this.bands = orderBands(byGroup, width, height, directions, this.strokes, this.bandOf);
  }

  /** Whether every stroke is ordered. */
  get complete(): boolean {
    return this.strokes.length === this.strokeCount;
  }

  /** Orders the next band that holds strokes; false once all are ordered. */
  step(): boolean {
    if (!this.complete) this.bands.next();
    return !this.complete;
  }

  /** Orders what is left; the whole order, with each stroke's band. */
  finish(): { strokes: Stroke[]; bands: Uint8Array } {
    while (this.step());
    return { strokes: this.strokes, bands: Uint8Array.from(this.bandOf) };
  }
}

/**
 * Orders the groups' strokes into `ordered` (each one's band into `bandOf`), pausing after each
 * band that holds strokes.
 */
function* orderBands(
  byGroup: readonly Stroke[][],
  width: number,
  height: number,
  directions: readonly Direction[],
  ordered: Stroke[],
  bandOf: number[],
): Generator<void, void> {
  let pen: { x: number; y: number } | undefined;
  for (const g of groupOrder(directions.length - 1)) {
    const group = byGroup[g]!;
    if (group.length === 0) continue;
    const u = alongDirection(directions[g]!, width);
    let u0 = Infinity;
    let u1 = -Infinity;
    const keys = new Float64Array(group.length);
    for (let i = 0; i < group.length; i++) {
      const { pixels } = group[i]!;
      let key = Infinity;
      for (let j = 0; j < pixels.length; j++) {
        const v = u(pixels[j]!);
        if (v < key) key = v;
        if (v > u1) u1 = v;
      }
      keys[i] = key;
      if (key < u0) u0 = key;
    }
    // Bands are an eighth of the group's extent along its direction (at least 8 px), so that a
    // small zone, too, is drawn along its direction, tier by tier in each band.
    const bandWidth = Math.max(8, Math.ceil((u1 - u0 + 1) / 8));
    const bands: { all: Stroke[]; tiers: Stroke[][] }[] = [];
    for (let i = 0; i < group.length; i++) {
      const s = group[i]!;
      const band = (bands[Math.floor((keys[i]! - u0) / bandWidth)] ??= {
        all: [],
        tiers: [[], [], []],
      });
      band.all.push(s);
      band.tiers[tierOf(s)]!.push(s);
    }
    // At most 8 bands: a stroke's key lies within the extent, and a band is an eighth of it or more.
    for (const [b, band] of bands.entries()) {
      if (!band) continue;
      if (!pen) {
        // Start at the stroke end that comes first along the direction.
        const first = band.all.reduce((best, s) =>
          u(s.pixels[0]!) < u(best.pixels[0]!) ? s : best,
        );
        pen = { x: first.pixels[0]! % width, y: Math.floor(first.pixels[0]! / width) };
      }
      // As a person draws: the main contours, then the details, then the hatching.
      for (const strokesOfTier of band.tiers) {
        if (strokesOfTier.length === 0) continue;
        const next = nearestFirst(strokesOfTier, width, height, u, pen.x, pen.y);
        for (const s of next.strokes) ordered.push(s); // a tier can hold too many for push(...)
        for (let k = 0; k < next.strokes.length; k++) bandOf.push(b);
        pen = next;
      }
      yield;
    }
  }
}

/** Hatch strokes longer than this share of the long side are drawn as several shorter ones. */
const HATCH_PIECE = 1 / 64;

/**
 * A person hatches in short strokes, as the drawing moves on: a long hatch line is cut into
 * pieces, so it does not run ahead of the drawing across the page. Adds the stroke, or its pieces,
 * to `list`.
 */
function shortHatching(stroke: Stroke, width: number, height: number, list: Stroke[]): void {
  const piece = Math.max(8, Math.round(Math.max(width, height) * HATCH_PIECE));
  if (tierOf(stroke) < 2 || stroke.pixels.length <= piece) list.push(stroke);
  else
    for (let i = 0; i < stroke.pixels.length; i += piece)
      list.push({ ...stroke, pixels: stroke.pixels.slice(i, i + piece) });
}

/** Drawing tier of a stroke: 0 main contour, 1 detail, 2 hatching. */
export function tierOf(s: Stroke): number {
  return s.kind === undefined || s.kind === KIND.contour ? 0 : s.kind === KIND.detail ? 1 : 2;
}

/** Grid cell (px) of the nearest-start search. */
const CELL = 32;

/**
 * Greedy nearest-next ordering. Strokes are drawn along the direction (from their end that comes
 * first along it); the next stroke is the one whose start is nearest the pen.
 */
export function nearestFirst(
  band: readonly Stroke[],
  width: number,
  height: number,
  u: (p: number) => number,
  x0: number,
  y0: number,
): { strokes: Stroke[]; x: number; y: number } {
  const n = band.length;
  const oriented = band.map((s) =>
    u(s.pixels[s.pixels.length - 1]!) < u(s.pixels[0]!)
      ? { ...s, pixels: s.pixels.slice().reverse() }
      : s,
  );
  const ends = new Float64Array(n * 4);
  oriented.forEach((s, i) => {
    const a = s.pixels[0]!;
    const b = s.pixels[s.pixels.length - 1]!;
    ends[i * 4] = a % width;
    ends[i * 4 + 1] = Math.floor(a / width);
    ends[i * 4 + 2] = b % width;
    ends[i * 4 + 3] = Math.floor(b / width);
  });
  // Stroke starts in a grid of cells, searched ring by ring around the pen. Cell c holds
  // members[first[c] .. first[c] + left[c]): the strokes not drawn yet, in any order (the
  // nearest, and of those the first in the band, is taken whatever the order).
  const gw = Math.ceil(width / CELL);
  const gh = Math.ceil(height / CELL);
  const cellOf = (i: number) =>
    Math.floor(ends[i * 4 + 1]! / CELL) * gw + Math.floor(ends[i * 4]! / CELL);
  const first = new Int32Array(gw * gh + 1);
  for (let i = 0; i < n; i++) first[cellOf(i) + 1]!++;
  for (let c = 0; c < gw * gh; c++) first[c + 1]! += first[c]!;
  const left = new Int32Array(gw * gh);
  const members = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = cellOf(i);
    members[first[c]! + left[c]!++] = i;
  }
  const out: Stroke[] = [];
  let x = x0;
  let y = y0;
  for (let k = 0; k < n; k++) {
    let best = -1;
    let bestD = Infinity;
    const cx = Math.min(gw - 1, Math.max(0, Math.floor(x / CELL)));
    const cy = Math.min(gh - 1, Math.max(0, Math.floor(y / CELL)));
    for (let r = 0; r < Math.max(gw, gh); r++) {
      // Anything in ring r + 1 is at least r cells away.
      if (best >= 0 && bestD < (r - 1) * (r - 1) * CELL * CELL) break;
      for (let gy = cy - r; gy <= cy + r; gy++) {
        if (gy < 0 || gy >= gh) continue;
        const edge = gy === cy - r || gy === cy + r;
        for (let gx = cx - r; gx <= cx + r; gx += edge ? 1 : 2 * r) {
          if (gx < 0 || gx >= gw) continue;
          const c = gy * gw + gx;
          for (let j = first[c]!, end = j + left[c]!; j < end; j++) {
            const i = members[j]!;
            const d = (ends[i * 4]! - x) ** 2 + (ends[i * 4 + 1]! - y) ** 2;
            if (d < bestD || (d === bestD && i < best)) {
              best = i;
              bestD = d;
            }
          }
        }
      }
    }
    const c = cellOf(best);
    const last = first[c]! + --left[c]!;
    members[members.indexOf(best, first[c])] = members[last]!;
    out.push(oriented[best]!);
    x = ends[best * 4 + 2]!;
    y = ends[best * 4 + 3]!;
  }
  return { strokes: out, x, y };
}

/**
 * Times the ordered strokes over `duration` seconds (pen-down length plus weighted pen-up moves),
 * only as far as asked: a render times them a few frames ahead of the frame it draws, in a loop
 * that mostly waits for the encoder, instead of all of them before the first frame.
 *
 * Given an `order` still being made, the strokes ordered so far (the first band) go at an
 * estimated pace: their own pen-up share of the time applied to the whole drawing's pen-down
 * weight, which needs no order. At the next stroke the clock finishes the order and paces the
 * rest exactly into the time left, so the drawing still ends at `duration`.
 */
export class PenClock {
  readonly pen: PenTimeline;
  /** Keyframes timed so far: the pen's arrays hold from 0 up to here. */
  timed = 0;
  private next = 0; // the next stroke to time
  private now = 0;
  private last = -1; // the previous stroke's last pixel
  private secondsPerPixel: number;
  /** The first stroke timed at the exact pace: the order's end is known from here on. */
  private estimatedUntil = Infinity;
  private readonly passed: Uint8Array;
  /** Each stroke's pen-down length in pixels. */
  private readonly lengths: Float64Array;
  /** When each stroke timed so far ends (s). */
  readonly strokeEnds: Float64Array;

  constructor(
    private readonly strokes: readonly PenStroke[],
    private readonly width: number,
    height: number,
    private readonly duration: number,
    /** Called when the pen first passes a pixel (times only grow). */
    private readonly onFirstPass: (pixel: number, time: number) => void = () => undefined,
    /** Each stroke's time weight (`DrawingPlan.timeWeights`). */
    private readonly timeWeights?: Float64Array,
    /** The order, while still being made (`DrawingPlan.order`). */
    private readonly order?: UnfinishedOrder,
  ) {
    const unfinished = order && !order.complete ? order : undefined;
    const total = unfinished ? unfinished.strokeCount : strokes.length;
    this.lengths = new Float64Array(total);
    this.strokeEnds = new Float64Array(total);
    const known = this.weigh(0);
    let count = known.pixels;
    // NaN without strokes, and then unused.
    this.secondsPerPixel = duration / known.weight;
    if (unfinished) {
      count = unfinished.pixelCount;
      this.estimatedUntil = strokes.length;
      const whole = known.down > 0 ? known.weight * (unfinished.penDownWeight / known.down) : 0;
      this.secondsPerPixel = duration / (whole || unfinished.penDownWeight);
    }
    this.pen = {
      t: new Float64Array(count),
      x: new Float32Array(count),
      y: new Float32Array(count),
      down: new Uint8Array(count),
    };
    this.passed = new Uint8Array(width * height);
  }

  /**
   * The weight of the strokes from `from` on, as far as they are ordered (the pen-up move to the
   * first of them included), recording their lengths; and their pen-down weight and pixels.
   */
  private weigh(from: number): { weight: number; down: number; pixels: number } {
    const { strokes, width, timeWeights } = this;
    let weight = 0;
    let down = 0;
    let pixels = 0;
    let last = from > 0 ? strokes[from - 1]!.pixels.at(-1)! : -1;
    for (let i = from; i < strokes.length; i++) {
      const s = strokes[i]!;
      const w = timeWeights ? timeWeights[i]! : 1;
      if (last >= 0) weight += PEN_UP_WEIGHT * distance(last, s.pixels[0]!, width) * w;
      const length = pathLength(s.pixels, width);
      this.lengths[i] = length;
      const d = penDownWeight(length) * w;
      weight += d;
      down += d;
      last = s.pixels[s.pixels.length - 1]!;
      pixels += s.pixels.length;
    }
    return { weight, down, pixels };
  }

  /** Finishes the order and paces the strokes still to time into the time left. */
  private paceTheRest(): void {
    this.order?.finish();
    this.estimatedUntil = Infinity;
    this.secondsPerPixel = (this.duration - this.now) / this.weigh(this.next).weight;
  }

  /** Times strokes until a keyframe lies past `time`, or all are timed. */
  advance(time: number): void {
    const { t } = this.pen;
    const total = this.lengths.length;
    while (this.next < total && (this.timed === 0 || t[this.timed - 1]! <= time)) {
      if (this.next === this.estimatedUntil) this.paceTheRest();
      const i = this.next++;
      const w = this.timeWeights ? this.timeWeights[i]! : 1;
      this.strokeEnds[i] = this.timeStroke(this.strokes[i]!.pixels, this.lengths[i]!, w);
    }
    // The last keyframe lands exactly at the end, whatever the rounding.
    if (this.next === total && this.timed > 0) {
      t[this.timed - 1] = this.duration;
      this.strokeEnds[this.next - 1] = this.duration;
    }
  }

  /** Pen position at `time`: see `penAt`. */
  at(time: number): { x: number; y: number; down: boolean } {
    this.advance(time);
    return penAt(this.pen, time, this.timed);
  }

  /** Times one stroke of time weight `w`; when it ends. */
  private timeStroke(pixels: readonly number[], len: number, w: number): number {
    const { width, secondsPerPixel, passed } = this;
    const { t, x, y, down } = this.pen;
    if (this.last >= 0)
      this.now += PEN_UP_WEIGHT * distance(this.last, pixels[0]!, width) * secondsPerPixel * w;
    const start = this.now;
    const strokeTime = penDownWeight(len) * secondsPerPixel * w;
    const ease = len >= EASE_MIN_LENGTH ? STROKE_EASE / (2 * Math.PI) : 0;
    let along = 0;
    let k = this.timed;
    for (let i = 0; i < pixels.length; i++) {
      const p = pixels[i]!;
      if (i > 0) along += distance(pixels[i - 1]!, p, width);
      // Slower at both ends of a stroke, faster in the middle, as a hand moves.
      const u = len > 0 ? along / len : 1;
      const now = start + strokeTime * (u + ease * Math.sin(2 * Math.PI * u));
      t[k] = now;
      x[k] = p % width;
      y[k] = Math.floor(p / width);
      down[k] = i === 0 ? 0 : 1;
      k++;
      if (passed[p] === 0) {
        passed[p] = 1;
        this.onFirstPass(p, now);
      }
    }
    this.timed = k;
    this.last = pixels[pixels.length - 1]!;
    this.now = start + strokeTime;
    return this.now;
  }
}

/** Distance between two pixels given by index (Math.hypot is several times slower than this). */
function distance(a: number, b: number, width: number): number {
  const dx = (b % width) - (a % width);
  const dy = Math.floor(b / width) - Math.floor(a / width);
  return Math.sqrt(dx * dx + dy * dy);
}

/** A stroke's pen-down weight: its length, at least MIN_STROKE_LENGTH (dots take time too). */
const penDownWeight = (length: number) => Math.max(MIN_STROKE_LENGTH, length);

function pathLength(pixels: readonly number[], width: number): number {
  let len = 0;
  for (let i = 1; i < pixels.length; i++) len += distance(pixels[i - 1]!, pixels[i]!, width);
  return len;
}

/**
 * Pen position at time `time` (linear between keyframes) and whether it is lifted, from the first
 * `n` keyframes.
 */
export function penAt(
  pen: PenTimeline,
  time: number,
  n = pen.t.length,
): { x: number; y: number; down: boolean } {
  if (n === 0) return { x: 0, y: 0, down: false };
  let lo = 0;
  let hi = n - 1;
  if (time <= pen.t[0]!) return { x: pen.x[0]!, y: pen.y[0]!, down: false };
  if (time >= pen.t[hi]!) return { x: pen.x[hi]!, y: pen.y[hi]!, down: false };
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (pen.t[mid]! <= time) lo = mid;
    else hi = mid;
  }
  // t[lo] <= time < t[hi]
  const f = (time - pen.t[lo]!) / (pen.t[hi]! - pen.t[lo]!);
  return {
    x: pen.x[lo]! + (pen.x[hi]! - pen.x[lo]!) * f,
    y: pen.y[lo]! + (pen.y[hi]! - pen.y[lo]!) * f,
    down: pen.down[hi] === 1,
  };
}

/**
 * Ink pixels by the frame that reveals them, filled as the pen's clock passes their centre-line
 * pixels: an ink pixel appears in the frame showing the moment the pen passes its centre-line
 * pixel (`owner`). Frame k shows the time (k + 1) / fps.
 */
export class RevealQueue {
  /** First pixel of each frame's list, -1 for none. */
  private readonly head: Int32Array;
  /** The next pixel in the same frame's list, -1 at the end (for listed pixels). */
  private readonly link: Int32Array;
  private readonly listed: Uint8Array;
  /** The ink pixels of centre-line pixel c, as a list: firstOwned[c] - 1, then nextOwned (0 ends). */
  private readonly firstOwned: Int32Array;
  private readonly nextOwned: Int32Array;

  constructor(
    private readonly ink: Uint8Array,
    owner: Int32Array,
    private readonly fps: number,
    private readonly frames: number,
  ) {
    const n = ink.length;
    this.head = new Int32Array(frames).fill(-1);
    this.link = new Int32Array(n);
    this.listed = new Uint8Array(n);
    // Lists rather than sorted arrays: one pass, and nothing to fill (before the first frame).
    const firstOwned = new Int32Array(n);
    const nextOwned = new Int32Array(n);
    for (let p = 0; p < n; p++) {
      const c = owner[p]!;
      if (ink[p] !== 1 || c < 0) continue;
      nextOwned[p] = firstOwned[c]!;
      firstOwned[c] = p + 1;
    }
    this.firstOwned = firstOwned;
    this.nextOwned = nextOwned;
  }

  /** The pen first passes centre-line pixel `centre` at `time` (s). */
  passed(centre: number, time: number): void {
    const f = Math.min(this.frames - 1, Math.max(0, Math.ceil(time * this.fps - 1e-6) - 1));
    for (let q = this.firstOwned[centre]!; q > 0; q = this.nextOwned[q - 1]!) this.add(q - 1, f);
  }

  /**
   * Calls `visit` with each pixel frame k reveals, once the clock has passed that frame's time.
   * The last frame also shows every ink pixel whose centre-line pixel the pen never passed.
   */
  forEach(k: number, visit: (pixel: number) => void): void {
    if (k === this.frames - 1)
      for (let p = 0; p < this.ink.length; p++)
        if (this.ink[p] === 1 && this.listed[p] === 0) this.add(p, k);
    for (let p = this.head[k]!; p >= 0; p = this.link[p]!) visit(p);
  }

  private add(pixel: number, frame: number): void {
    this.listed[pixel] = 1;
    this.link[pixel] = this.head[frame]!;
    this.head[frame] = pixel;
  }
}

/** The drawing phase frame by frame: the pen's clock, and the ink each frame reveals. */
export class Drawing {
  readonly clock: PenClock;
  private readonly queue: RevealQueue;

  constructor(private readonly plan: DrawingPlan) {
    const { strokes, ink, owner, width, height, fps, drawFrames } = plan;
    const queue = new RevealQueue(ink, owner, fps, drawFrames);
    this.queue = queue;
    this.clock = new PenClock(
      strokes,
      width,
      height,
      drawFrames / fps,
      (p, time) => queue.passed(p, time),
      plan.timeWeights,
      plan.order,
    );
  }

  /** Calls `visit` with each ink pixel drawing frame k reveals; frames in order, each once. */
  reveal(k: number, visit: (pixel: number) => void): void {
    const { fps, drawFrames } = this.plan;
    this.clock.advance(k >= drawFrames - 1 ? Infinity : (k + 1) / fps);
    this.queue.forEach(k, visit);
  }
}

/** The drawing frame that reveals each pixel, -1 for paper: the whole drawing at once. */
export function revealFrames(plan: DrawingPlan): Int32Array {
  const drawing = new Drawing(plan);
  const frameOf = new Int32Array(plan.width * plan.height).fill(-1);
  for (let k = 0; k < plan.drawFrames; k++) drawing.reveal(k, (p) => (frameOf[p] = k));
  return frameOf;
}

/** Counting sort of pixel indices by frame: pixels of frame k are order[start[k] .. start[k + 1]). */
export function bucketByFrame(
  frameOf: Int32Array,
  frames: number,
): { order: Int32Array; start: Int32Array } {
  const start = new Int32Array(frames + 1);
  for (let p = 0; p < frameOf.length; p++) {
    const f = frameOf[p]!;
    if (f >= 0) start[f + 1]!++;
  }
  for (let k = 0; k < frames; k++) start[k + 1] = start[k + 1]! + start[k]!;
  const fill = start.slice(0, frames);
  const order = new Int32Array(start[frames]!);
  for (let p = 0; p < frameOf.length; p++) {
    const f = frameOf[p]!;
    if (f >= 0) order[fill[f]!++] = p;
  }
  return { order, start };
}
