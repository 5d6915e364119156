/**
 * Colour phase plan: after the lines, the image's colours are brushed in under them, group by
 * group (zones first, then the rest), each swept in its direction with a wavy brush edge. Pure.
 */
import type { Buckets, ColourScript } from './frames.js';
import { alongDirection, bucketByFrame, groupOrder } from './plan.js';
import type { Direction } from './types.js';
import { rgbToYuv420 } from './yuv.js';

export const COLOUR_RAMP_FRAMES = 4;

/** Rows y0..y1 of the finished colour picture: the line art over the image's colours (darken). */
function darkenRows(
  rgba: Uint8Array,
  grey: Uint8Array,
  rgb: Uint8Array,
  width: number,
  y0: number,
  y1: number,
): void {
  for (let p = y0 * width; p < y1 * width; p++) {
    const a = rgba[p * 4 + 3]!;
    const g = grey[p]!;
    for (let c = 0; c < 3; c++) {
      const v = a === 255 ? rgba[p * 4 + c]! : (rgba[p * 4 + c]! * a + 255 * (255 - a)) / 255;
      rgb[p * 3 + c] = v < g ? v : g;
    }
  }
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

/** Rows handled between two yields of `colourSteps`. */
const ROWS_PER_STEP = 48;

/**
 * Plans the colour phase in small steps (yielding every few rows), so the renderer can do it
 * while ffmpeg encodes the drawing instead of before the first frame.
 */
export function* colourSteps(params: ColourParams): Generator<void, ColourResult> {
  const { zoneMap, width, height, directions, frames } = params;
  const ramp = Math.max(1, Math.min(COLOUR_RAMP_FRAMES, frames));
  const slots = frames - ramp + 1;
  const finalRgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += ROWS_PER_STEP) {
    darkenRows(params.rgba, params.grey, finalRgb, width, y, Math.min(height, y + ROWS_PER_STEP));
    yield;
  }
  const n = width * height;
  const rnd = random(params.seed);
  const order = groupOrder(directions.length - 1);
  // Area and extent along the direction of every group.
  const area = new Float64Array(directions.length);
  const uMin = new Float64Array(directions.length).fill(Infinity);
  const uMax = new Float64Array(directions.length).fill(-Infinity);
  for (let y = 0, p = 0; y < height; y++) {
    if (y % ROWS_PER_STEP === 0) yield;
    for (let x = 0; x < width; x++, p++) {
      const g = zoneMap[p]!;
      area[g]!++;
      const u = alongDirection(directions[g]!, x, y);
      if (u < uMin[g]!) uMin[g] = u;
      if (u > uMax[g]!) uMax[g] = u;
    }
  }
  // Each group gets a share of the phase proportional to its area, in drawing order.
  const begin = new Float64Array(directions.length);
  const span = new Float64Array(directions.length);
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
  // Per group: frame = floor(a + b * u + c * wave[v]), with u and v the pixel's coordinates along
  // and across the group's direction.
  const coef = directions.map((dir, g) => {
    const range = uMax[g]! > uMin[g]! ? uMax[g]! - uMin[g]! : 1;
    const k = span[g]! * slots;
    const sign = dir === 'Left to right' || dir === 'Top to bottom' ? 1 : -1;
    return {
      horizontal: dir === 'Left to right' || dir === 'Right to left',
      sign,
      uMin: uMin[g]!,
      range,
      k,
      base: begin[g]! * slots,
    };
  });
  const frameOf = new Int32Array(n);
  for (let y = 0, p = 0; y < height; y++) {
    if (y % ROWS_PER_STEP === 0) yield;
    for (let x = 0; x < width; x++, p++) {
      const c = coef[zoneMap[p]!]!;
      const u = c.sign * (c.horizontal ? x : y);
      let s = (u - c.uMin) / c.range + wave[c.horizontal ? y : x]!;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      const f = (c.base + s * c.k) | 0;
      frameOf[p] = f >= slots ? slots - 1 : f;
    }
  }
  const cw = width / 2;
  const chromaFrame = new Int32Array(cw * (height / 2));
  for (let i = 0; i < chromaFrame.length; i++) {
    const cx = i % cw;
    const cy = (i / cw) | 0;
    chromaFrame[i] = frameOf[2 * cy * width + 2 * cx]!;
  }
  yield;
  const luma: Buckets = bucketByFrame(frameOf, slots);
  yield;
  const chroma: Buckets = bucketByFrame(chromaFrame, slots);
  yield;
  const final = rgbToYuv420(finalRgb, width, height);
  return { finalRgb, colour: { frames, ramp, luma, chroma, final } };
}

/** Runs a step generator to its end. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
