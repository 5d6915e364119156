/**
 * Measures of how drawn a final frame looks (used by the quality script and tests): solid ink,
 * how dark the ink is, whether the picture's tone survives, and whether colour keeps the lines.
 */
import { gaussianBlur } from '../src/blur.js';
import type { HatchLines } from '../src/hatch.js';
import { toLuma } from '../src/outline.js';
import { overPaper } from '../src/paper.js';
import type { Direction, RgbaImage } from '../src/types.js';

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

/** A pixel of a black-and-white frame is ink where its grey is below this (paper is 255). */
const INK_GREY = 128;

/** Share of the picture that is ink in a black-and-white frame: grey below 128. */
export function inkShare(grey: Uint8Array): number {
  let ink = 0;
  for (const v of grey) if (v < INK_GREY) ink++;
  return ink / grey.length;
}

/**
 * The source's flat, light-to-mid pixels: where its luma (0-1) is at least `FLAT_LUMA_FLOOR` and
 * its local standard deviation, both moments blurred at sigma `FLAT_SIGMA` px, is under
 * `FLAT_DEVIATION` (a wall, a sky, a cheek; not an edge, a texture or a shadow).
 */
const FLAT_SIGMA = 2;
const FLAT_DEVIATION = 0.02;
const FLAT_LUMA_FLOOR = 0.35;

export function flatLightMask(image: RgbaImage): Uint8Array {
  const { width, height } = image;
  const mean = toLuma(image);
  const square = Float32Array.from(mean, (v) => v * v);
  gaussianBlur(mean, width, height, FLAT_SIGMA);
  gaussianBlur(square, width, height, FLAT_SIGMA);
  return Uint8Array.from(mean, (m, p) => {
    const deviation = Math.sqrt(Math.max(0, square[p]! - m * m));
    return m >= FLAT_LUMA_FLOOR && deviation < FLAT_DEVIATION ? 1 : 0;
  });
}

/**
 * Ink share (grey below 128) over the source's flat, light-to-mid pixels (`flatLightMask`: luma
 * 0.35 or more and a local standard deviation under 0.02 at sigma 2 px); 0 when there are none.
 */
export function flatAreaInkShare(image: RgbaImage, grey: Uint8Array): number {
  const flat = flatLightMask(image);
  let pixels = 0;
  let ink = 0;
  flat.forEach((f, p) => {
    if (f === 0) return;
    pixels++;
    if (grey[p]! < INK_GREY) ink++;
  });
  return pixels ? ink / pixels : 0;
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

const COLOUR_BLUR_SIGMA = 4;

/** sRGB (0-255) to CIELAB (D65). */
function lab(r: number, g: number, b: number): [number, number, number] {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [lr, lg, lb] = [lin(r), lin(g), lin(b)];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);
  const fx = f((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047);
  const fy = f(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const fz = f((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIEDE2000 colour difference of two CIELAB colours (Sharma, Wu and Dalal, 2005). */
export function ciede2000(
  [l1, a1, b1]: readonly number[],
  [l2, a2, b2]: readonly number[],
): number {
  const rad = Math.PI / 180;
  const cBar = (Math.hypot(a1!, b1!) + Math.hypot(a2!, b2!)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + 25 ** 7)));
  const ap1 = a1! * (1 + g);
  const ap2 = a2! * (1 + g);
  const c1 = Math.hypot(ap1, b1!);
  const c2 = Math.hypot(ap2, b2!);
  const hue = (b: number, a: number) =>
    a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360;
  const h1 = hue(b1!, ap1);
  const h2 = hue(b2!, ap2);
  const dL = l2! - l1!;
  const dC = c2 - c1;
  let dh = c1 * c2 === 0 ? 0 : h2 - h1;
  if (dh > 180) dh -= 360;
  else if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin((dh / 2) * rad);
  const lBar = (l1! + l2!) / 2;
  const cpBar = (c1 + c2) / 2;
  let hBar = h1 + h2;
  if (c1 * c2 !== 0)
    hBar = Math.abs(h1 - h2) <= 180 ? hBar / 2 : (hBar + (hBar < 360 ? 360 : -360)) / 2;
  const t =
    1 -
    0.17 * Math.cos((hBar - 30) * rad) +
    0.24 * Math.cos(2 * hBar * rad) +
    0.32 * Math.cos((3 * hBar + 6) * rad) -
    0.2 * Math.cos((4 * hBar - 63) * rad);
  const sl = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sc = 1 + 0.045 * cpBar;
  const sh = 1 + 0.015 * cpBar * t;
  const rt =
    -2 *
    Math.sqrt(cpBar ** 7 / (cpBar ** 7 + 25 ** 7)) *
    Math.sin(60 * Math.exp(-(((hBar - 275) / 25) ** 2)) * rad);
  return Math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh));
}

/** Each RGB channel of a picture, blurred with sigma `COLOUR_BLUR_SIGMA` px. */
function blurredChannels(
  value: (p: number, c: number) => number,
  width: number,
  height: number,
): Float32Array[] {
  return [0, 1, 2].map((c) => {
    const channel = Float32Array.from({ length: width * height }, (_, p) => value(p, c));
    gaussianBlur(channel, width, height, COLOUR_BLUR_SIGMA);
    return channel;
  });
}

/**
 * Mean CIEDE2000 difference between the source and a final RGB frame, both blurred (sigma 4 px)
 * so that lines and hatching count by the tone they add, not pixel by pixel. Every 3rd pixel of
 * every 3rd row is compared.
 */
export function colourDifference(image: RgbaImage, rgb: Uint8Array): number {
  const { width, height, data } = image;
  const source = blurredChannels(
    (p, c) => overPaper(data[p * 4 + c]!, data[p * 4 + 3]!),
    width,
    height,
  );
  const drawn = blurredChannels((p, c) => rgb[p * 3 + c]!, width, height);
  let sum = 0;
  let count = 0;
  for (let y = 1; y < height; y += 3)
    for (let x = 1, p = y * width + 1; x < width; x += 3, p += 3) {
      const at = (channels: Float32Array[]) =>
        lab(channels[0]![p]!, channels[1]![p]!, channels[2]![p]!);
      sum += ciede2000(at(source), at(drawn));
      count++;
    }
  return sum / count;
}

/**
 * Share of the hatching's pixels whose line runs within 15 degrees of the most common hatching
 * direction: near 1 when one direction covers the picture, lower when the hatching follows forms.
 */
export function hatchDirectionShare(lines: HatchLines): number {
  const histogram = new Float64Array(180);
  let total = 0;
  for (const id of lines.along) {
    if (id < 0) continue;
    const degrees = (Math.atan2(lines.dirs[id * 2 + 1]!, lines.dirs[id * 2]!) * 180) / Math.PI;
    histogram[Math.floor((degrees + 360) % 180)]!++;
    total++;
  }
  let best = 0;
  for (let centre = 0; centre < 180; centre++) {
    let window = 0;
    for (let d = -15; d <= 15; d++) window += histogram[(centre + d + 180) % 180]!;
    best = Math.max(best, window);
  }
  return total ? best / total : 0;
}

/**
 * Share of the picture not yet painted but cut off by paint from the edge the colour goes to
 * (`direction`: no 4-connected way through unpainted pixels to it): the white holes inside
 * painted areas, bays open to another side of the picture included.
 */
export function enclosedUnpaintedShare(
  painted: Uint8Array,
  width: number,
  height: number,
  direction: Direction,
): number {
  const n = width * height;
  const open = new Uint8Array(n); // unpainted and joined to the far edge
  const stack: number[] = [];
  const reach = (p: number) => {
    if (painted[p] === 0 && open[p] === 0) {
      open[p] = 1;
      stack.push(p);
    }
  };
  const across = direction === 'Left to right' || direction === 'Right to left';
  const last = direction === 'Left to right' || direction === 'Top to bottom';
  if (across) for (let y = 0; y < height; y++) reach(y * width + (last ? width - 1 : 0));
  else for (let x = 0; x < width; x++) reach((last ? height - 1 : 0) * width + x);
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % width;
    if (x > 0) reach(p - 1);
    if (x < width - 1) reach(p + 1);
    if (p >= width) reach(p - width);
    if (p < n - width) reach(p + width);
  }
  let enclosed = 0;
  for (let p = 0; p < n; p++) if (painted[p] === 0 && open[p] === 0) enclosed++;
  return enclosed / n;
}
