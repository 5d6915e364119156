/**
 * Outline: image -> pen drawing. Lines follow the image's edge flow (flow.ts), dark areas get
 * hatching (hatch.ts). Pure TypeScript on typed arrays, no Node imports, so the browser can run
 * it live while sliders move (`@rasma/engine/outline`).
 */
import { gaussianBlur } from './blur.js';
import { edgeTangents, smoothAlongFlow, valueNoise } from './flow.js';
import { removeSpecks } from './components.js';
import { overPaper } from './paper.js';
import { CROSSED, dilateMask, hatch, KIND } from './hatch.js';
import type { HatchLines, Hatching } from './hatch.js';
import type { RgbaImage, ZoneShape } from './types.js';
import { rasterizeZones } from './zones.js';

export { CROSSED, KIND } from './hatch.js';
export type { HatchLines } from './hatch.js';

export interface OutlineParams {
  /**
   * Global level 0-255: how much of the picture's darkness is drawn as hatching, from outlines
   * only at 0 to dense cross-hatching at 255. Default 128.
   */
  grayscaleLevel?: number;
  /** Special Zones (points and brush in image pixels, fillLevel 0-100). First zone wins on overlap. */
  zones?: readonly ZoneShape[];
  /** Multiplies zone coordinates and brush sizes (when the pixels were resized). Default 1. */
  zoneScale?: number;
}

export interface OutlineResult {
  width: number;
  height: number;
  /** Pen shade 0-255 of each ink pixel (near-black); 255 on paper. */
  tone: Uint8Array;
  /** 1 where the pixel is ink, 0 elsewhere. */
  ink: Uint8Array;
  /** 0 outside zones, i + 1 inside zone i. */
  zoneMap: Uint8Array;
  /**
   * What each ink pixel belongs to (low 3 bits, `KIND`): contour, detail, hatch or cross-hatch;
   * `CROSSED` marks hatch pixels a cross-hatching line passes over too. 0 on paper.
   */
  kind: Uint8Array;
  /** The hatching's pen lines through its pixels (ids only where `kind` says hatch or cross). */
  hatchLines: HatchLines;
}

/** Edge detection at a 1920 px long side (scaled with the image). */
const EDGE_SIGMA_AT_1920 = 1.3;
const K = 1.6;
/** Structure tensor smoothing and the length of the smoothing along the flow. */
const TENSOR_SIGMA_AT_1920 = 3;
const FLOW_SIGMA_AT_1920 = 3;
/** A line where the flow-smoothed DoG falls below -EDGE_THRESHOLD (luma units). */
const EDGE_THRESHOLD = 0.012;
/** Pen pressure: the threshold varies by +-PRESSURE over about PRESSURE_CELL px (at 1920). */
const PRESSURE = 0.25;
const PRESSURE_CELL_AT_1920 = 40;
/** Smoothing of the luma that decides the hatching regions. */
const REGION_SIGMA_AT_1920 = 3;
/** Line components at least this many pixels (at 1920, scaled by area) are main contours. */
const CONTOUR_AT_1920 = 160;
/** Paper left between a main contour and the hatching beside it, in px at 1920. */
const CONTOUR_GAP_AT_1920 = 3;
/** Components of ink smaller than this many pixels (at 1920 long side, scaled by area) are dropped. */
const SPECK_AT_1920 = 24;
/** Shade of line pixels: darkest at the line's heart, a little lighter at its rim. */
export const LINE_DARK = 14;
export const LINE_RIM = 60;

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
  return overPaper(
    (19595 * data[j]! + 38470 * data[j + 1]! + 7471 * data[j + 2]!) >>> 16,
    data[j + 3]!,
  );
}

/** Image long side / 1920: every length in the outline scales with it. */
export function scaleOf(width: number, height: number): number {
  return Math.max(width, height) / 1920;
}

/** Full outline of raw RGBA pixels. */
export function outline(image: RgbaImage, params: OutlineParams = {}): OutlineResult {
  const input = outlineInput(image, params);
  const lines = penLines(input.luma, input.width, input.height, input.scale);
  return combineOutline(input, lines, hatchTone(input));
}

/** What both halves of the outline (the lines and the hatching) start from. */
export interface OutlineInput {
  width: number;
  height: number;
  /** Image long side / 1920. */
  scale: number;
  zoneMap: Uint8Array;
  luma: Float32Array;
  /** Hatching level of each group (0 = the rest, i + 1 = zone i). */
  levels: number[];
}

export function outlineInput(image: RgbaImage, params: OutlineParams): OutlineInput {
  const { width, height } = image;
  const zones = params.zones ?? [];
  return {
    width,
    height,
    scale: scaleOf(width, height),
    zoneMap: rasterizeZones(width, height, zones, params.zoneScale ?? 1),
    luma: toLuma(image),
    levels: [params.grayscaleLevel ?? 128, ...zones.map((z) => (z.fillLevel * 255) / 100)],
  };
}

/**
 * The hatching of the input's dark areas, without specks (smooths `input.luma` in place: lines
 * come first). It needs nothing of the lines, so it is all done while the lines are drawn.
 */
export function hatchTone(input: OutlineInput): Hatching {
  const { luma, zoneMap, levels, width, height, scale } = input;
  gaussianBlur(luma, width, height, Math.max(1, REGION_SIGMA_AT_1920 * scale));
  const hatching = hatch({ luma, groupMap: zoneMap, levels, width, height, scale });
  // Hatching and cross-hatching specks at once: each kind is its own group.
  const mask = new Uint8Array(width * height);
  for (let p = 0; p < mask.length; p++) mask[p] = hatching.kind[p]! & 7;
  removeSpecks(mask, width, height, Math.max(3, Math.round(6 * scale * scale)), undefined, mask);
  for (let p = 0; p < mask.length; p++) if (mask[p] === 0) hatching.kind[p] = 0;
  return hatching;
}

/**
 * Lines and hatching into one drawing: lines keep their pixels, hatching fills in around them,
 * leaving a thin gap of paper along the main contours so that a dark subject stands apart from a
 * dark ground.
 */
export function combineOutline(
  input: OutlineInput,
  lines: Lines,
  hatching: Hatching,
): OutlineResult {
  const { width, height, zoneMap, scale } = input;
  const { kind, tone } = lines;
  // A plain loop: Uint8Array.from with a map function takes 120-150 ms at 1440x1080, this 3-7 ms.
  const contour = new Uint8Array(kind.length);
  for (let p = 0; p < kind.length; p++) if (kind[p] === KIND.contour) contour[p] = 1;
  const gap = dilateMask(
    contour,
    width,
    height,
    Math.max(1, Math.round(CONTOUR_GAP_AT_1920 * scale)),
  );
  for (let p = 0; p < kind.length; p++) {
    if (hatching.kind[p] !== 0 && kind[p] === 0 && gap[p] === 0) {
      kind[p] = hatching.kind[p]!;
      tone[p] = hatching.shade[p]!;
    }
  }
  const ink = new Uint8Array(width * height);
  const { along, across } = hatching.lines;
  for (let p = 0; p < ink.length; p++) {
    const k = kind[p]!;
    ink[p] = k === 0 ? 0 : 1;
    if ((k & 7) !== KIND.hatch) along[p] = -1;
    if ((k & 7) !== KIND.cross && (k & CROSSED) === 0) across[p] = -1;
  }
  return { width, height, tone, ink, zoneMap, kind, hatchLines: hatching.lines };
}

/** The pen lines' pixels: `KIND.contour` or `KIND.detail` (0 elsewhere), and their shades. */
export interface Lines {
  kind: Uint8Array;
  tone: Uint8Array;
}

/**
 * The lines: a difference of Gaussians smoothed along the edge flow, inked where it is dark
 * enough (with a slowly varying threshold, as a pen's pressure varies); specks dropped; long
 * components are contours, short ones details. Returns kinds and shades.
 */
export function penLines(luma: Float32Array, width: number, height: number, s: number): Lines {
  const n = width * height;
  const sigma = Math.max(0.6, EDGE_SIGMA_AT_1920 * s);
  const g1 = luma.slice();
  const g2 = luma.slice();
  gaussianBlur(g1, width, height, sigma);
  gaussianBlur(g2, width, height, sigma * K);
  const field = edgeTangents(g1, width, height, Math.max(1, TENSOR_SIGMA_AT_1920 * s));
  for (let p = 0; p < n; p++) g2[p] = g1[p]! - g2[p]!;
  // Only pixels already a little below the line threshold can average below it.
  const dog = smoothAlongFlow(
    g2,
    field,
    width,
    height,
    Math.max(1, FLOW_SIGMA_AT_1920 * s),
    -EDGE_THRESHOLD * (1 - PRESSURE) * 0.25,
  );
  const pressure = valueNoise(width, height, Math.max(4, PRESSURE_CELL_AT_1920 * s));
  const line = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const limit = EDGE_THRESHOLD * (1 + PRESSURE * (2 * pressure[p]! - 1));
    const depth = -dog[p]! / limit; // > 1 on a line
    line[p] = depth > 1 ? 1 : 0;
    pressure[p] = depth;
  }
  const componentSize = new Int32Array(n);
  removeSpecks(line, width, height, speckSize(width, height), componentSize);
  const contour = Math.round(CONTOUR_AT_1920 * s * s);
  const kind = new Uint8Array(n);
  const tone = new Uint8Array(n).fill(255);
  for (let p = 0; p < n; p++) {
    if (line[p] === 0) continue;
    kind[p] = componentSize[p]! >= contour ? KIND.contour : KIND.detail;
    // depth 1 at the rim, 3 and more at the heart of a line.
    const heart = Math.min(1, (pressure[p]! - 1) / 2);
    tone[p] = LINE_RIM - (LINE_RIM - LINE_DARK) * heart;
  }
  return { kind, tone };
}

function speckSize(width: number, height: number): number {
  const f = Math.max(width, height) / 1920;
  return Math.max(3, Math.round(SPECK_AT_1920 * f * f));
}

/** The outline as a grey picture: white paper, ink pixels in their pen shade. */
export function outlineToGrey(result: OutlineResult): Uint8Array {
  const { tone, ink } = result;
  const grey = new Uint8Array(tone.length);
  for (let i = 0; i < grey.length; i++) grey[i] = ink[i] === 1 ? tone[i]! : 255;
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
