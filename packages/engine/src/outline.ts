/**
 * Outline: image -> line-art tone -> ink. Pure TypeScript on typed arrays, no Node imports, so the
 * browser can run it live while sliders move (`@rasma/engine/outline`).
 */
import { gaussianBlur } from './blur.js';
import type { RgbaImage, ZoneShape } from './types.js';
import { rasterizeZones } from './zones.js';

export interface OutlineParams {
  /** Global level 0-255: pixels whose tone is below it become ink. Default 128. */
  grayscaleLevel?: number;
  /** Special Zones (points and brush in image pixels, fillLevel 0-100). First zone wins on overlap. */
  zones?: readonly ZoneShape[];
  /** Multiplies zone coordinates and brush sizes (when the pixels were resized). Default 1. */
  zoneScale?: number;
}

export interface OutlineResult {
  width: number;
  height: number;
  /** Line-art tone 0-255 (dark = line), from XDoG. */
  tone: Uint8Array;
  /** 1 where the pixel is ink, 0 elsewhere. */
  ink: Uint8Array;
  /** 0 outside zones, i + 1 inside zone i. */
  zoneMap: Uint8Array;
}

/** XDoG parameters; sigma grows with the image so a preview and a render look alike. */
const SIGMA_AT_1920 = 1.4;
const K = 1.6;
const SHARPEN = 14;
const EPSILON = 0.8;
const PHI = 1.0;
/** Ink is drawn darker than its tone so lines read as pen lines: grey = tone * INK_SHADE. */
const INK_SHADE = 0.6;

/** Components of ink smaller than this many pixels (at 1920 long side, scaled by area) are dropped. */
const SPECK_AT_1920 = 12;

const TONE_LUT_SIZE = 4096;
const TONE_LUT_RANGE = 4; // epsilon - S in [0, range]
const toneLut = buildToneLut();

function buildToneLut(): Uint8Array {
  const lut = new Uint8Array(TONE_LUT_SIZE + 1);
  for (let i = 0; i <= TONE_LUT_SIZE; i++) {
    const d = -(i / TONE_LUT_SIZE) * TONE_LUT_RANGE;
    lut[i] = Math.round(255 * (1 + Math.tanh(PHI * d)));
  }
  return lut;
}

/**
 * Luma of RGBA pixels composited over white paper, in [0, 1], averaged over f x f blocks (f = 1:
 * full size). The result is ceil(width / f) x ceil(height / f).
 */
export function toLuma(image: RgbaImage, f = 1): Float32Array {
  const { width, height, data } = image;
  if (data.length < width * height * 4) {
    throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${data.length}`);
  }
  const lw = Math.ceil(width / f);
  const lh = Math.ceil(height / f);
  const out = new Float32Array(lw * lh);
  if (f === 1) {
    const k = 1 / 255;
    for (let p = 0, j = 0; p < out.length; p++, j += 4) out[p] = lumaAt(data, j) * k;
    return out;
  }
  // Block average: each source row adds its pixels into one accumulator per output column, so the
  // pixels are read once, in order.
  const acc = new Float32Array(lw);
  const counts = new Float32Array(lw);
  for (let x = 0; x < width; x++) counts[(x / f) | 0]! += 1;
  for (let ly = 0; ly < lh; ly++) {
    acc.fill(0);
    const yEnd = Math.min(height, (ly + 1) * f);
    for (let y = ly * f; y < yEnd; y++) {
      let j = y * width * 4;
      for (let lx = 0, x = 0; lx < lw; lx++) {
        let sum = 0;
        for (const xEnd = Math.min(width, x + f); x < xEnd; x++, j += 4) sum += lumaAt(data, j);
        acc[lx]! += sum;
      }
    }
    const o = ly * lw;
    const k = 1 / (255 * (yEnd - ly * f));
    for (let lx = 0; lx < lw; lx++) out[o + lx] = (acc[lx]! * k) / counts[lx]!;
  }
  return out;
}

/** Luma 0-255 of the RGBA pixel at byte offset j, over white paper. */
function lumaAt(data: Uint8Array | Uint8ClampedArray, j: number): number {
  const a = data[j + 3]!;
  const v = (19595 * data[j]! + 38470 * data[j + 1]! + 7471 * data[j + 2]!) >>> 16;
  return a === 255 ? v : (v * a + 255 * (255 - a)) / 255;
}

/** Working scale: large images are filtered at 1/f size so the blur stays near 1 px there. */
function workScale(width: number, height: number): { f: number; sigma: number } {
  const sigma = Math.max(0.9, (SIGMA_AT_1920 * Math.max(width, height)) / 1920);
  const f = Math.max(1, Math.floor(sigma / 0.95));
  return { f, sigma: sigma / f };
}

/**
 * The XDoG tone image: flat light areas white, edges and dark areas dark, soft in between. The
 * difference of Gaussians is computed at the working scale and interpolated back to full size
 * before the soft threshold, so the lines stay crisp.
 */
export function xdogTone(image: RgbaImage): Uint8Array {
  const { width, height } = image;
  const { f, sigma } = workScale(width, height);
  const g1 = toLuma(image, f);
  const lw = Math.ceil(width / f);
  const lh = Math.ceil(height / f);
  const g2 = g1.slice();
  gaussianBlur(g1, lw, lh, sigma);
  gaussianBlur(g2, lw, lh, sigma * K);
  // s = how far below the edge threshold; >= 0 means white paper.
  for (let i = 0; i < g1.length; i++) g1[i] = EPSILON - ((1 + SHARPEN) * g1[i]! - SHARPEN * g2[i]!);
  const tone = new Uint8Array(width * height);
  const scale = TONE_LUT_SIZE / TONE_LUT_RANGE;
  const toTone = (d: number) =>
    d <= 0 ? 255 : d >= TONE_LUT_RANGE ? 0 : toneLut[(d * scale) | 0]!;
  if (f === 1) {
    for (let i = 0; i < tone.length; i++) tone[i] = toTone(g1[i]!);
    return tone;
  }
  // Bilinear interpolation of the low-resolution field (pixel centres aligned): blend two rows
  // once per output row, then interpolate along it. Paper (both neighbours <= 0) stays 255.
  tone.fill(255);
  const x0s = new Int32Array(width);
  const wxs = new Float32Array(width);
  const firstX = new Int32Array(lw + 1).fill(width);
  for (let x = width - 1; x >= 0; x--) {
    const sx = Math.min(lw - 1, Math.max(0, (x + 0.5) / f - 0.5));
    const x0 = Math.min(lw - 2, Math.floor(sx));
    x0s[x] = x0;
    wxs[x] = sx - x0;
    firstX[x0] = x;
  }
  for (let i = lw - 1; i >= 0; i--) if (firstX[i]! > firstX[i + 1]!) firstX[i] = firstX[i + 1]!;
  const row = new Float32Array(lw);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(lh - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = Math.min(Math.max(0, lh - 2), Math.floor(sy));
    const wy = sy - y0;
    const r0 = y0 * lw;
    const r1 = Math.min(lh - 1, y0 + 1) * lw;
    for (let i = 0; i < lw; i++) row[i] = g1[r0 + i]! + (g1[r1 + i]! - g1[r0 + i]!) * wy;
    const o = y * width;
    for (let i = 0; i < lw - 1; i++) {
      const a = row[i]!;
      const b = row[i + 1]!;
      if (a <= 0 && b <= 0) continue;
      for (let x = firstX[i]!, end = firstX[i + 1]!; x < end; x++) {
        const d = a + (b - a) * wxs[x]!;
        tone[o + x] = d <= 0 ? 255 : d >= TONE_LUT_RANGE ? 0 : toneLut[(d * scale) | 0]!;
      }
    }
  }
  return tone;
}

/** Full outline of raw RGBA pixels. */
export function outline(image: RgbaImage, params: OutlineParams = {}): OutlineResult {
  const { width, height } = image;
  const tone = xdogTone(image);
  const zones = params.zones ?? [];
  const zoneMap = rasterizeZones(width, height, zones, params.zoneScale ?? 1);
  const ink = inkFromTone(tone, zoneMap, params.grayscaleLevel ?? 128, zones);
  removeSpecks(ink, width, height, speckSize(width, height));
  return { width, height, tone, ink, zoneMap };
}

/** Ink where tone < level: the global level outside zones, fillLevel * 255 / 100 inside zone i. */
export function inkFromTone(
  tone: Uint8Array,
  zoneMap: Uint8Array,
  grayscaleLevel: number,
  zones: readonly ZoneShape[],
): Uint8Array {
  const inkOf = (level: number) => Uint8Array.from({ length: 256 }, (_, t) => (t < level ? 1 : 0));
  const globalInk = inkOf(grayscaleLevel);
  const ink = new Uint8Array(tone.length);
  if (zones.length === 0) {
    for (let i = 0; i < tone.length; i++) ink[i] = globalInk[tone[i]!]!;
    return ink;
  }
  // One 256-entry table per zone (index 0: outside every zone), indexed by zone << 8 | tone.
  const tables = new Uint8Array(256 * 256);
  tables.set(globalInk);
  zones.forEach((zone, i) => {
    if (i < 255) tables.set(inkOf((zone.fillLevel * 255) / 100), (i + 1) * 256);
  });
  for (let i = 0; i < tone.length; i++) ink[i] = tables[(zoneMap[i]! << 8) | tone[i]!]!;
  return ink;
}

export function speckSize(width: number, height: number): number {
  const f = Math.max(width, height) / 1920;
  return Math.max(3, Math.round(SPECK_AT_1920 * f * f));
}

/**
 * Clears 8-connected ink components smaller than `minSize` pixels, in place. Works on horizontal
 * runs joined with a union-find, so the cost follows the number of runs, not of pixels.
 */
export function removeSpecks(
  ink: Uint8Array,
  width: number,
  height: number,
  minSize: number,
): void {
  let cap = 1024;
  let runStart = new Int32Array(cap);
  let runEnd = new Int32Array(cap); // exclusive
  let runRow = new Int32Array(cap);
  let parent = new Int32Array(cap);
  let count = 0;
  const find = (a: number): number => {
    while (parent[a] !== a) {
      const p = parent[parent[a]!]!;
      parent[a] = p;
      a = p;
    }
    return a;
  };
  let prevFirst = 0;
  let prevEnd = 0;
  for (let y = 0; y < height; y++) {
    const o = y * width;
    const first = count;
    let k = prevFirst;
    let x = 0;
    while (x < width) {
      if (ink[o + x] === 0) {
        x++;
        continue;
      }
      const s0 = x;
      while (x < width && ink[o + x] === 1) x++;
      if (count === cap) {
        cap *= 2;
        runStart = grow(runStart, cap);
        runEnd = grow(runEnd, cap);
        runRow = grow(runRow, cap);
        parent = grow(parent, cap);
      }
      runStart[count] = s0;
      runEnd[count] = x;
      runRow[count] = y;
      parent[count] = count;
      // Join with runs of the previous row that touch [s0 - 1, x] (8-connectivity).
      while (k < prevEnd && runEnd[k]! < s0) k++;
      for (let j = k; j < prevEnd && runStart[j]! <= x; j++) {
        const a = find(j);
        const b = find(count);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
      count++;
    }
    prevFirst = first;
    prevEnd = count;
  }
  const size = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const r = find(i);
    size[r] = size[r]! + runEnd[i]! - runStart[i]!;
  }
  for (let i = 0; i < count; i++) {
    if (size[find(i)]! >= minSize) continue;
    ink.fill(0, runRow[i]! * width + runStart[i]!, runRow[i]! * width + runEnd[i]!);
  }
}

function grow(a: Int32Array, cap: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}

/** The outline as a grey picture: white paper, ink pixels in their line tone. */
export function outlineToGrey(result: OutlineResult): Uint8Array {
  const { tone, ink } = result;
  const grey = new Uint8Array(tone.length);
  for (let i = 0; i < grey.length; i++) grey[i] = ink[i] === 1 ? tone[i]! * INK_SHADE : 255;
  return grey;
}

/** The outline as RGBA bytes (e.g. for a canvas ImageData in the browser). */
export function outlineToRgba(result: OutlineResult): Uint8ClampedArray {
  const grey = outlineToGrey(result);
  const rgba = new Uint8ClampedArray(grey.length * 4);
  for (let i = 0, j = 0; i < grey.length; i++, j += 4) {
    const g = grey[i]!;
    rgba[j] = g;
    rgba[j + 1] = g;
    rgba[j + 2] = g;
    rgba[j + 3] = 255;
  }
  return rgba;
}
