/** The hand sprite: our SVG rasterized once per size with sharp, kept as YUV sprite planes. */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { HandSprite } from './frames.js';
import { memoize } from './memo.js';
import { buildPlane } from './sprite.js';
import { lumaOf, setChroma } from './yuv.js';

const SVG_URL = new URL('../assets/hand.svg', import.meta.url);
/** Pen tip in the SVG's 900 x 900 box; the hand itself fills about 520 x 520 of it. */
const TIP = 12;
const SVG_SIZE = 900;
const HAND_SIZE = 520;

const cache = new Map<number, Promise<HandSprite>>();

/** The hand drawn `size` pixels tall and wide, its arm reaching further (cached per size). */
export function loadHand(size: number): Promise<HandSprite> {
  const px = Math.max(8, Math.round((size * SVG_SIZE) / HAND_SIZE / 2) * 2);
  return memoize(cache, px, () => rasterizeHand(px));
}

async function rasterizeHand(px: number): Promise<HandSprite> {
  const { data } = await sharp(readFileSync(SVG_URL), { density: (72 * px) / SVG_SIZE })
    .resize(px, px)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tip = Math.round((TIP * px) / SVG_SIZE) & ~1;
  return spriteFromRgba(data, px, px, tip, tip);
}

/** YUV planes of an RGBA image (even w, h): luma per pixel, chroma per 2 x 2 block. */
export function spriteFromRgba(
  data: Uint8Array,
  w: number,
  h: number,
  tipX: number,
  tipY: number,
): HandSprite {
  const n = w * h;
  const luma = new Uint8Array(n);
  const alpha = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    alpha[p] = data[p * 4 + 3]!;
    // Most of the square is clear: only what shows needs its luma.
    if (alpha[p] !== 0) luma[p] = lumaOf(data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!);
  }
  const cw = w / 2;
  const ch = h / 2;
  const u = new Uint8Array(cw * ch);
  const v = new Uint8Array(cw * ch);
  const ca = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let a = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      const top = 2 * y * w + 2 * x;
      for (let k = 0; k < 4; k++) {
        const p = top + (k & 1) + (k >> 1) * w;
        const al = data[p * 4 + 3]!;
        a += al;
        r += data[p * 4]! * al;
        g += data[p * 4 + 1]! * al;
        b += data[p * 4 + 2]! * al;
      }
      if (a === 0) continue;
      setChroma(r / a, g / a, b / a, u, v, y * cw + x);
      ca[y * cw + x] = Math.round(a / 4);
    }
  }
  return {
    size: Math.max(w, h),
    y: buildPlane(luma, alpha, w, h, tipX, tipY),
    u: buildPlane(u, ca, cw, ch, tipX / 2, tipY / 2),
    v: buildPlane(v, ca, cw, ch, tipX / 2, tipY / 2),
  };
}
