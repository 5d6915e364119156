/**
 * Measures of how drawn a final frame looks (used by the quality script and tests): solid ink,
 * how dark the ink is, whether the picture's tone survives, and whether colour keeps the lines.
 */
import { gaussianBlur } from '../src/blur.js';
import { toLuma } from '../src/outline.js';
import type { RgbaImage } from '../src/types.js';

const SOLID = 9;
const BLUR_SIGMA = 8;

/** Share of the pixels covered by ink that a SOLID x SOLID square fits inside (morphological opening). */
export function solidInkShare(ink: Uint8Array, width: number, height: number): number {
  // Erode: a square of ink fits with its top-left corner here.
  const runRight = new Uint16Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = width - 1, run = 0; x >= 0; x--) {
      run = ink[y * width + x] ? run + 1 : 0;
      runRight[y * width + x] = run;
    }
  const fits = new Uint8Array(width * height);
  for (let x = 0; x < width; x++)
    for (let y = height - 1, run = 0; y >= 0; y--) {
      run = runRight[y * width + x]! >= SOLID ? run + 1 : 0;
      fits[y * width + x] = run >= SOLID ? 1 : 0;
    }
  // Dilate back: pixels under any fitting square.
  const covered = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!fits[y * width + x]) continue;
      for (let dy = 0; dy < SOLID; dy++)
        covered.fill(1, (y + dy) * width + x, (y + dy) * width + x + SOLID);
    }
  return covered.reduce((a, v) => a + v, 0) / covered.length;
}

function median(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  return sorted.length ? sorted[sorted.length >> 1]! : NaN;
}

function pearson(a: Float32Array, b: Float32Array): number {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < a.length; i++) [ma, mb] = [ma + a[i]!, mb + b[i]!];
  [ma, mb] = [ma / a.length, mb / a.length];
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return sab / Math.sqrt(saa * sbb);
}

/** Median grey of the ink pixels. */
export function inkMedian(ink: Uint8Array, grey: Uint8Array): number {
  const values: number[] = [];
  ink.forEach((v, p) => v && values.push(grey[p]!));
  return median(values);
}

/** Correlation of the source's luma and the drawing's, both blurred (sigma 8 px). */
export function toneCorrelation(image: RgbaImage, grey: Uint8Array): number {
  const { width, height } = image;
  const source = toLuma(image);
  const drawn = Float32Array.from(grey, (v) => v / 255);
  gaussianBlur(source, width, height, BLUR_SIGMA);
  gaussianBlur(drawn, width, height, BLUR_SIGMA);
  return pearson(source, drawn);
}

/** Mean luma of the ink pixels in an RGB picture over the source's mean luma there. */
export function inkShareOfSource(image: RgbaImage, ink: Uint8Array, rgb: Uint8Array): number {
  const source = toLuma(image);
  let drawn = 0;
  let original = 0;
  ink.forEach((v, p) => {
    if (!v) return;
    drawn += (0.2126 * rgb[p * 3]! + 0.7152 * rgb[p * 3 + 1]! + 0.0722 * rgb[p * 3 + 2]!) / 255;
    original += source[p]!;
  });
  return drawn / original;
}
