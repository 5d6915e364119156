/** BT.709 limited-range conversions (the MP4 is tagged bt709 / tv range). Pure. */

/** Y for a grey level 0-255. */
export const GREY_TO_Y = Uint8Array.from({ length: 256 }, (_, g) => Math.round(16 + (219 * g) / 255));

export function rgbToYuv(r: number, g: number, b: number): [number, number, number] {
  const R = r / 255;
  const G = g / 255;
  const B = b / 255;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  return [clamp(16 + 219 * y), clamp(128 + (224 * (B - y)) / 1.8556), clamp(128 + (224 * (R - y)) / 1.5748)];
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
  for (let p = 0; p < width * height; p++) {
    out[p] = rgbToYuv(rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!)[0];
  }
  for (let cy = 0; cy < height / 2; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const p of [2 * cy * width + 2 * cx, 2 * cy * width + 2 * cx + 1, (2 * cy + 1) * width + 2 * cx, (2 * cy + 1) * width + 2 * cx + 1]) {
        r += rgb[p * 3]!;
        g += rgb[p * 3 + 1]!;
        b += rgb[p * 3 + 2]!;
      }
      const [, u, v] = rgbToYuv(r / 4, g / 4, b / 4);
      out[uOff + cy * cw + cx] = u;
      out[vOff + cy * cw + cx] = v;
    }
  }
  return out;
}
