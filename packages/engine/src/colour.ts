/**
 * Colour phase plan: after the lines, colour is painted in as a painter lays washes, large areas
 * first: the source simplified into colour regions (smoothed, then quantised) says where each wash
 * goes, laid region by region in drawing order (zones first, then the rest, each in its direction),
 * the small regions with the area around them, and no region after the paint has closed around it,
 * so no unpainted hole shows inside a painted area. Each pixel takes the picture's own colour, with
 * the pen lines on top and the hatching left as a light texture: the video ends on the picture,
 * drawn. Pure.
 */
import { gaussianBlur } from './blur.js';
import { overPaper } from './paper.js';
import type { Buckets, ColourScript } from './frames.js';
import { labelComponents } from './components.js';
import { CROSSED, KIND } from './hatch.js';
import { bucketByFrame, groupOrder } from './plan.js';
import type { Direction } from './types.js';
import { rgbToYuv420 } from './yuv.js';

/** Lightness levels of the colour regions. */
const REGION_LEVELS = 7;
/** How much of its darkness the hatching keeps over the colour (the pen lines keep all of it). */
const HATCH_OVER_COLOUR = 0.45;
/** Smoothing of lightness and of hue for the regions, at a 1920 px long side (scaled). */
const REGION_SIGMA_AT_1920 = 3;
const HUE_SIGMA_AT_1920 = 8;
/** Colour regions smaller than this (at 1920, scaled by area) go with the area around them. */
const REGION_MIN_AT_1920 = 400;
/** How far around a small region (at 1920) the areas it is painted with are looked for. */
const SURROUNDING_SIGMA_AT_1920 = 12;

/**
 * The painted picture: the source's colours (on the paper where it is transparent), the pen lines
 * multiplied on top (a line is always darker than the colour it crosses) and the hatching lighter.
 * Also returns each pixel's region key (lightness level and hue family of the smoothed source),
 * for laying the colour in by region.
 */
function paint(
  rgba: Uint8Array,
  grey: Uint8Array,
  kind: Uint8Array,
  width: number,
  height: number,
): { rgb: Uint8Array; key: Uint32Array } {
  const n = width * height;
  const s = Math.max(width, height) / 1920;
  const rgb = new Uint8Array(n * 3);
  // Lightness at full size; hue, smoothed far more, at half size (a quarter of the memory), read
  // back bilinearly. One pass over the source, laid on the paper where it is transparent.
  const luma = new Float32Array(n);
  const hw = Math.ceil(width / 2);
  const hh = Math.ceil(height / 2);
  const channels = [0, 1, 2].map(() => new Float32Array(hw * hh));
  const [red, green, blue] = channels as [Float32Array, Float32Array, Float32Array];
  for (let y = 0, p = 0; y < height; y++) {
    const cellRow = (y >> 1) * hw;
    for (let x = 0; x < width; x++, p++) {
      const j = p * 4;
      const a = rgba[j + 3]!;
      const r = overPaper(rgba[j]!, a);
      const g = overPaper(rgba[j + 1]!, a);
      const b = overPaper(rgba[j + 2]!, a);
      // Ink over paint: a pen line multiplies the colour under it; the hatching a little.
      const k = kind[p]! & ~CROSSED;
      const ink = grey[p]! / 255;
      const over = k === KIND.hatch || k === KIND.cross ? 1 - HATCH_OVER_COLOUR * (1 - ink) : ink;
      rgb[p * 3] = r * over;
      rgb[p * 3 + 1] = g * over;
      rgb[p * 3 + 2] = b * over;
      luma[p] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const cell = cellRow + (x >> 1);
      red[cell]! += r;
      green[cell]! += g;
      blue[cell]! += b;
    }
  }
  gaussianBlur(luma, width, height, Math.max(1, REGION_SIGMA_AT_1920 * s));
  // Each half cell averages the 2x2 pixels it covers (fewer along an odd edge).
  for (let cy = 0, i = 0; cy < hh; cy++) {
    for (let cx = 0; cx < hw; cx++, i++) {
      const covered = (2 * cx + 1 < width ? 2 : 1) * (2 * cy + 1 < height ? 2 : 1);
      for (const half of channels) half[i]! /= covered;
    }
  }
  for (const half of channels)
    gaussianBlur(half, hw, hh, Math.max(0.5, (HUE_SIGMA_AT_1920 * s) / 2));
  const column = halfGridSamples(width, hw);
  const row = halfGridSamples(height, hh);
  const key = new Uint32Array(n);
  const step = 255 / (REGION_LEVELS - 1);
  for (let y = 0, p = 0; y < height; y++) {
    const top = row.at[y]! * hw;
    const bottom = row.next[y]! * hw;
    const down = row.weight[y]!;
    for (let x = 0; x < width; x++, p++) {
      const left = column.at[x]!;
      const right = column.next[x]!;
      const across = column.weight[x]!;
      const tl = top + left;
      const tr = top + right;
      const bl = bottom + left;
      const br = bottom + right;
      const r = bilinear(red, tl, tr, bl, br, across, down);
      const g = bilinear(green, tl, tr, bl, br, across, down);
      const b = bilinear(blue, tl, tr, bl, br, across, down);
      // A region is one lightness level of one hue family (the strongest channel, or grey).
      const family =
        Math.max(r, g, b) - Math.min(r, g, b) < 24 ? 3 : r >= g && r >= b ? 0 : g >= b ? 1 : 2;
      key[p] = Math.round(luma[p]! / step) * 4 + family;
    }
  }
  return { rgb, key };
}

/** A half-size grid read between its four cells around a pixel, `across` and `down` of the way. */
function bilinear(
  h: Float32Array,
  topLeft: number,
  topRight: number,
  bottomLeft: number,
  bottomRight: number,
  across: number,
  down: number,
): number {
  const above = h[topLeft]! + across * (h[topRight]! - h[topLeft]!);
  const below = h[bottomLeft]! + across * (h[bottomRight]! - h[bottomLeft]!);
  return above + down * (below - above);
}

/**
 * Bilinear reading of a half-size grid along one axis of `size` pixels: full pixel i lies between
 * half cells `at[i]` and `next[i]`, `weight[i]` of the way (a half cell's centre is at 2j + 0.5).
 */
function halfGridSamples(
  size: number,
  halfSize: number,
): { at: Int32Array; next: Int32Array; weight: Float32Array } {
  const at = new Int32Array(size);
  const next = new Int32Array(size);
  const weight = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const u = Math.min(Math.max((i - 0.5) / 2, 0), halfSize - 1);
    at[i] = Math.floor(u);
    next[i] = Math.min(at[i]! + 1, halfSize - 1);
    weight[i] = u - at[i]!;
  }
  return { at, next, weight };
}

/** Deterministic PRNG (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ColourParams {
  rgba: Uint8Array;
  /** The outline picture. */
  grey: Uint8Array;
  /** What each ink pixel is (`OutlineResult.kind`). */
  kind: Uint8Array;
  zoneMap: Uint8Array;
  width: number;
  height: number;
  directions: readonly Direction[];
  frames: number;
  seed: number;
}

export interface ColourResult {
  /** The finished picture, RGB. */
  finalRgb: Uint8Array;
  colour: ColourScript;
}

/** How fast a large region is laid in: this share of the group's sweep for its whole length. */
const REGION_SPREAD = 0.25;
/**
 * Paint flows on into what it reaches at this many times the sweep's speed (before the stretch):
 * at 1 the washes' tongues leave long white bays between them, at 4 the front is one flood.
 */
const PAINT_FLOW = 2;

/** Plans the colour phase (a render does it on its worker thread, while it plans the drawing). */
export function planColour(params: ColourParams): ColourResult {
  const { zoneMap, width, height, directions, frames } = params;
  const painted = paint(params.rgba, params.grey, params.kind, width, height);
  const finalRgb = painted.rgb;
  // Colour regions: same quantised colour, 8-connected, within one group.
  const regionKey = painted.key;
  for (let p = 0; p < regionKey.length; p++)
    regionKey[p] = regionKey[p]! * 256 + (zoneMap[p]! % 256);
  const regions = labelComponents(new Uint8Array(width * height).fill(1), regionKey, width, height);
  const n = width * height;
  const rnd = random(params.seed);
  const order = groupOrder(directions.length - 1);
  const groups = directions.length;
  // Each group's coordinate u along its direction: sign * x (horizontal) or sign * y.
  const sign = Int8Array.from(directions, (d) =>
    d === 'Left to right' || d === 'Top to bottom' ? 1 : -1,
  );
  const horizontal = Uint8Array.from(directions, (d) =>
    d === 'Left to right' || d === 'Right to left' ? 1 : 0,
  );
  // Area and extent along the direction of every group, and where each region starts along its
  // group's direction: a large region is laid in from there, as a wash, quickly (REGION_SPREAD of
  // the sweep), while small regions follow the sweep.
  const area = new Float64Array(groups);
  const uMin = new Float64Array(groups).fill(Infinity);
  const uMax = new Float64Array(groups).fill(-Infinity);
  const regionStart = new Float64Array(regions.count).fill(Infinity);
  const { label } = regions;
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const g = zoneMap[p]!;
      area[g]!++;
      const u = sign[g]! * (horizontal[g] === 1 ? x : y);
      if (u < uMin[g]!) uMin[g] = u;
      if (u > uMax[g]!) uMax[g] = u;
      const r = label[p]!;
      if (u < regionStart[r]!) regionStart[r] = u;
    }
  }
  // Each group gets a share of the phase proportional to its area, in drawing order.
  const begin = new Float64Array(groups);
  const span = new Float64Array(groups);
  let acc = 0;
  for (const g of order) {
    begin[g] = acc / n;
    span[g] = area[g]! / n;
    acc += area[g]!;
  }
  // A wavy brush edge rather than a straight scanner line: an offset per row (or column).
  const size = Math.max(width, height);
  const waves = [0, 1, 2].map(() => ({
    k: ((2 + rnd() * 5) * 2 * Math.PI) / size,
    phase: rnd() * 2 * Math.PI,
  }));
  const wave = new Float32Array(size);
  for (let i = 0; i < size; i++)
    wave[i] = waves.reduce((sum, w) => sum + 0.025 * Math.sin(i * w.k + w.phase), 0);
  // Per group: frame = floor(base + k * s), s the pixel's place along the group's direction (0-1)
  // plus the wave across it.
  const range = Float64Array.from(uMin, (lo, g) => (uMax[g]! > lo ? uMax[g]! - lo : 1));
  const k = Float64Array.from(span, (share) => share * frames);
  const base = Float64Array.from(begin, (start) => start * frames);
  const minRegion = Math.round((REGION_MIN_AT_1920 * n) / (1920 * 1920 * 0.75));
  const large = Uint8Array.from(regions.sizes, (size) => (size >= minRegion ? 1 : 0));
  const frameOf = new Int32Array(n);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const g = zoneMap[p]!;
      const r = label[p]!;
      const across = horizontal[g] === 1;
      let u = sign[g]! * (across ? x : y);
      if (large[r] === 1) u = regionStart[r]! + REGION_SPREAD * (u - regionStart[r]!);
      let s = (u - uMin[g]!) / range[g]! + wave[across ? y : x]!;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      const f = (base[g]! + s * k[g]!) | 0;
      frameOf[p] = f >= frames ? frames - 1 : f;
    }
  }
  paintSmallWithSurroundings(frameOf, large, label, zoneMap, base, k, width, height);
  // Paint flows on into what the washes go round, then each group's paint fills its time again.
  const time = Float64Array.from(frameOf);
  const lag = Float64Array.from(k, (groupFrames, g) => groupFrames / range[g]! / PAINT_FLOW);
  limitLagBehindNeighbours(time, zoneMap, lag, width, height);
  stretchOverGroupTime(time, zoneMap, base, k);
  for (let p = 0; p < n; p++) frameOf[p] = Math.floor(time[p]!);
  paintEnclosedWithEnclosure(frameOf, zoneMap, directions, width, height, frames);
  const cw = width / 2;
  const chromaFrame = new Int32Array(cw * (height / 2));
  for (let i = 0; i < chromaFrame.length; i++) {
    const cx = i % cw;
    const cy = (i / cw) | 0;
    chromaFrame[i] = frameOf[2 * cy * width + 2 * cx]!;
  }
  const luma: Buckets = bucketByFrame(frameOf, frames);
  const chroma: Buckets = bucketByFrame(chromaFrame, frames);
  const final = rgbToYuv420(finalRgb, width, height);
  return { finalRgb, colour: { frames, luma, chroma, final } };
}

/**
 * Paint flows on into what it reaches: no pixel is painted more than `lag[g]` frames per pixel
 * after a pixel of its group beside it (8-connected, diagonals at their length). A paper area the
 * washes go round is filled from its edges within a few frames instead of showing as a white
 * hole until its own region's turn. Chamfer passes, each row swept both ways: one pass down and
 * one up cover every way round a rectangle; zones' borders can bend it, so with zones the passes
 * repeat until nothing changes.
 */
function limitLagBehindNeighbours(
  time: Float64Array,
  zoneMap: Uint8Array,
  lag: Float64Array,
  width: number,
  height: number,
): void {
  /** Lowers p's time to what q's reaches in `steps` pixels; true when it did. */
  const relax = (p: number, q: number, steps: number): boolean => {
    const g = zoneMap[p]!;
    if (zoneMap[q] !== g) return false;
    const reached = time[q]! + steps * lag[g]!;
    if (reached >= time[p]!) return false;
    time[p] = reached;
    return true;
  };
  /** One pass over the rows, from row `from` by `dy` (1 down, -1 up); true when it lowered any. */
  const pass = (from: number, dy: 1 | -1): boolean => {
    let changed = false;
    for (let y = from; y >= 0 && y < height; y += dy) {
      const row = y * width;
      const previous = row - dy * width;
      const hasPrevious = y - dy >= 0 && y - dy < height;
      for (let x = 0; x < width; x++) {
        const p = row + x;
        if (hasPrevious) {
          if (relax(p, previous + x, 1)) changed = true;
          if (x > 0 && relax(p, previous + x - 1, Math.SQRT2)) changed = true;
          if (x < width - 1 && relax(p, previous + x + 1, Math.SQRT2)) changed = true;
        }
        if (x > 0 && relax(p, p - 1, 1)) changed = true;
      }
      for (let x = width - 2; x >= 0; x--) if (relax(row + x, row + x + 1, 1)) changed = true;
    }
    return changed;
  };
  for (let again = true; again;) {
    const down = pass(0, 1);
    const up = pass(height - 1, -1);
    again = lag.length > 1 && (down || up);
  }
}

/**
 * Each group's paint, ended early by flowing on, stretched over the group's whole time again
 * (`time` goes from `base[g]` to at most `base[g] + k[g] - 1`).
 */
function stretchOverGroupTime(
  time: Float64Array,
  zoneMap: Uint8Array,
  base: Float64Array,
  k: Float64Array,
): void {
  const latest = Float64Array.from(base);
  for (let p = 0; p < time.length; p++) {
    const g = zoneMap[p]!;
    if (time[p]! > latest[g]!) latest[g] = time[p]!;
  }
  const stretch = Float64Array.from(latest, (last, g) =>
    last > base[g]! ? Math.max(1, (k[g]! - 1) / (last - base[g]!)) : 1,
  );
  for (let p = 0; p < time.length; p++) {
    const g = zoneMap[p]!;
    time[p] = base[g]! + Math.max(0, time[p]! - base[g]!) * stretch[g]!;
  }
}

/**
 * Small regions are painted with the area around them: at the frames of the large regions near
 * them (Gaussian-weighted), within their own group's time, so no unpainted hole shows inside a
 * painted area. Where no large region is near, they keep the sweep's frame.
 */
function paintSmallWithSurroundings(
  frameOf: Int32Array,
  large: Uint8Array,
  label: Int32Array,
  zoneMap: Uint8Array,
  base: Float64Array,
  k: Float64Array,
  width: number,
  height: number,
): void {
  const n = width * height;
  const near = new Float32Array(n);
  const frameSum = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    if (large[label[p]!] === 0) continue;
    near[p] = 1;
    frameSum[p] = frameOf[p]!;
  }
  const sigma = Math.max(2, (SURROUNDING_SIGMA_AT_1920 * Math.max(width, height)) / 1920);
  gaussianBlur(near, width, height, sigma);
  gaussianBlur(frameSum, width, height, sigma);
  for (let p = 0; p < n; p++) {
    if (large[label[p]!] === 1 || near[p]! < 0.05) continue;
    const g = zoneMap[p]!;
    const f = frameSum[p]! / near[p]!;
    frameOf[p] = Math.floor(
      Math.min(Math.max(f, base[g]!), Math.max(base[g]!, base[g]! + k[g]! - 1)),
    );
  }
}

/**
 * No hole, whatever its size: a pixel is painted by the frame at which the paint closes around
 * it. The colour goes across each group towards the far edge of its direction, so a pixel not yet
 * painted should still reach that edge (or its group's border) through pixels not yet painted; a
 * bay cut off from it, even one open to a side of the picture, reads as a hole. Each pixel's frame
 * is lowered to the latest frame at which it still has that way out: the largest, over the
 * 4-connected paths from it to an exit within its group, of the earliest frame along the path.
 * Worked out as a flood from the exits, latest frames first, on a queue per frame.
 */
function paintEnclosedWithEnclosure(
  frameOf: Int32Array,
  zoneMap: Uint8Array,
  directions: readonly Direction[],
  width: number,
  height: number,
  frames: number,
): void {
  const n = width * height;
  const head = new Int32Array(frames).fill(-1);
  const next = new Int32Array(n);
  const reached = new Uint8Array(n);
  const push = (p: number, frame: number) => {
    reached[p] = 1;
    next[p] = head[frame]!;
    head[frame] = p;
  };
  // The far edge of each group's direction: the column or row its colour goes to.
  const farColumn = Int32Array.from(directions, (d) =>
    d === 'Left to right' ? width - 1 : d === 'Right to left' ? 0 : -1,
  );
  const farRow = Int32Array.from(directions, (d) =>
    d === 'Top to bottom' ? height - 1 : d === 'Bottom to top' ? 0 : -1,
  );
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const g = zoneMap[p]!;
      const exit =
        x === farColumn[g] ||
        y === farRow[g] ||
        (x > 0 && zoneMap[p - 1] !== g) ||
        (x < width - 1 && zoneMap[p + 1] !== g) ||
        (y > 0 && zoneMap[p - width] !== g) ||
        (y < height - 1 && zoneMap[p + width] !== g);
      if (exit) push(p, frameOf[p]!);
    }
  }
  // Each neighbour not yet reached, in the same group: this is the latest way out it has.
  const visit = (q: number, g: number, frame: number) => {
    if (reached[q] === 1 || zoneMap[q] !== g) return;
    const f = frameOf[q]! < frame ? frameOf[q]! : frame;
    frameOf[q] = f;
    push(q, f);
  };
  for (let frame = frames - 1; frame >= 0; frame--) {
    while (head[frame] !== -1) {
      const p = head[frame]!;
      head[frame] = next[p]!;
      const g = zoneMap[p]!;
      const x = p % width;
      if (x > 0) visit(p - 1, g, frame);
      if (x < width - 1) visit(p + 1, g, frame);
      if (p >= width) visit(p - width, g, frame);
      if (p < n - width) visit(p + width, g, frame);
    }
  }
}
