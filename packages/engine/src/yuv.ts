/** BT.709 limited-range conversions (the MP4 is tagged bt709 / tv range). Pure. */

/** The chroma of a grey: no colour. */
export const NEUTRAL_CHROMA = 128;

/** Y for a grey level 0-255. */
export const GREY_TO_Y = Uint8Array.from({ length: 256 }, (_, g) =>
  Math.round(16 + (219 * g) / 255),
);

/** Limited-range BT.709 luma of an RGB colour. */
export function lumaOf(r: number, g: number, b: number): number {
  return (16 + (219 * (0.2126 * r + 0.7152 * g + 0.0722 * b)) / 255 + 0.5) | 0;
}

/** Writes the limited-range BT.709 chroma of an RGB colour into u[i] and v[i]. */
export function setChroma(
  r: number,
  g: number,
  b: number,
  u: Uint8Array,
  v: Uint8Array,
  i: number,
): void {
  const R = r / 255;
  const G = g / 255;
  const B = b / 255;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  u[i] = clamp(128 + (224 * (B - y)) / 1.8556);
  v[i] = clamp(128 + (224 * (R - y)) / 1.5748);
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}

/** Size in bytes of one yuv420p frame (even width and height). */
export function frameBytes(width: number, height: number): number {
  return width * height * 1.5;
}

/**
 * Converts RGB (3 bytes per pixel) to a yuv420p frame: full-resolution Y, chroma averaged over
 * 2 x 2 blocks.
 */
export function rgbToYuv420(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(frameBytes(width, height));
  const cw = width / 2;
  const uOff = width * height;
  const vOff = uOff + cw * (height / 2);
  for (let p = 0; p < width * height; p++)
    out[p] = lumaOf(rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!);
  const u = out.subarray(uOff, vOff);
  const v = out.subarray(vOff);
  for (let cy = 0; cy < height / 2; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      const top = (2 * cy * width + 2 * cx) * 3;
      const bottom = top + width * 3;
      r += rgb[top]! + rgb[top + 3]! + rgb[bottom]! + rgb[bottom + 3]!;
      g += rgb[top + 1]! + rgb[top + 4]! + rgb[bottom + 1]! + rgb[bottom + 4]!;
      b += rgb[top + 2]! + rgb[top + 5]! + rgb[bottom + 2]! + rgb[bottom + 5]!;
      setChroma(r / 4, g / 4, b / 4, u, v, cy * cw + cx);
    }
  }
  return out;
}
