/**
 * Colour phase plan: after the lines, the image's colours are brushed in under them, group by
 * group (zones first, then the rest), each swept in its direction with a wavy brush edge. Pure.
 */
import type { Buckets, ColourScript } from './frames.js';
import { alongDirection, bucketByFrame, groupOrder } from './plan.js';
import type { Direction } from './types.js';
import { rgbToYuv420 } from './yuv.js';

/** Colour phase length: a quarter of the drawing time, between 1.5 s and 5 s. */
export function colourSeconds(drawingTime: number): number {
  return Math.min(5, Math.max(1.5, drawingTime * 0.25));
}

export const COLOUR_RAMP_FRAMES = 6;

/** The finished colour picture: the image's colours multiplied by the line art. */
export function colourFinal(rgba: Uint8Array, grey: Uint8Array, width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const a = rgba[p * 4 + 3]!;
    const g = grey[p]!;
    for (let c = 0; c < 3; c++) {
      const v = (rgba[p * 4 + c]! * a + 255 * (255 - a)) / 255;
      rgb[p * 3 + c] = Math.round((v * g) / 255);
    }
  }
  return rgb;
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

export function planColour(params: {
  finalRgb: Uint8Array;
  zoneMap: Uint8Array;
  width: number;
  height: number;
  directions: readonly Direction[];
  frames: number;
  seed: number;
}): ColourScript {
  const { zoneMap, width, height, directions, frames } = params;
  const ramp = Math.max(1, Math.min(COLOUR_RAMP_FRAMES, frames));
  const slots = frames - ramp + 1;
  const n = width * height;
  const rnd = random(params.seed);
  const order = groupOrder(directions.length - 1);
  // Area and extent along the direction of every group.
  const area = new Float64Array(directions.length);
  const uMin = new Float64Array(directions.length).fill(Infinity);
  const uMax = new Float64Array(directions.length).fill(-Infinity);
  for (let p = 0; p < n; p++) {
    const g = zoneMap[p]!;
    const u = alongDirection(directions[g] ?? 'Left to right', p % width, (p / width) | 0);
    area[g]!++;
    if (u < uMin[g]!) uMin[g] = u;
    if (u > uMax[g]!) uMax[g] = u;
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
  const size = Math.max(width, height);
  const waves = [0, 1, 2].map(() => ({ k: ((2 + rnd() * 5) * 2 * Math.PI) / size, phase: rnd() * 2 * Math.PI }));
  const frameOf = new Int32Array(n);
  for (let p = 0; p < n; p++) {
    const g = zoneMap[p]!;
    const dir = directions[g] ?? 'Left to right';
    const x = p % width;
    const y = (p / width) | 0;
    const u = alongDirection(dir, x, y);
    const v = dir === 'Left to right' || dir === 'Right to left' ? y : x;
    let s = uMax[g]! > uMin[g]! ? (u - uMin[g]!) / (uMax[g]! - uMin[g]!) : 0;
    // A wavy brush edge rather than a straight scanner line.
    for (const w of waves) s += 0.025 * Math.sin(v * w.k + w.phase);
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    const f = Math.floor((begin[g]! + s * span[g]!) * slots);
    frameOf[p] = f >= slots ? slots - 1 : f;
  }
  const cw = width / 2;
  const chromaFrame = new Int32Array(cw * (height / 2));
  for (let i = 0; i < chromaFrame.length; i++) {
    const cx = i % cw;
    const cy = (i / cw) | 0;
    chromaFrame[i] = frameOf[2 * cy * width + 2 * cx]!;
  }
  const luma: Buckets = bucketByFrame(frameOf, slots);
  const chroma: Buckets = bucketByFrame(chromaFrame, slots);
  return { frames, ramp, luma, chroma, final: rgbToYuv420(params.finalRgb, width, height) };
}
