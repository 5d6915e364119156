/** The hand sprite: our SVG rasterized once with sharp, kept as sparse YUV + alpha lists. */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { HandSprite } from './frames.js';
import { rgbToYuv } from './yuv.js';

const SVG_URL = new URL('../assets/hand.svg', import.meta.url);
/** Pen tip in the SVG's 520 x 520 box. */
const TIP = 12;
const SVG_SIZE = 520;

/** Rasterizes the hand so its box is `size` pixels square. */
export async function loadHand(size: number): Promise<HandSprite> {
  const svg = readFileSync(SVG_URL);
  const px = Math.max(8, Math.round(size));
  const { data } = await sharp(svg, { density: (72 * px) / SVG_SIZE })
    .resize(px, px)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tip = Math.round((TIP * px) / SVG_SIZE) & ~1;
  return spriteFromRgba(data, px, px, tip, tip);
}

/** Builds the sparse sprite: luma entries per pixel, chroma entries per 2 x 2 block. */
export function spriteFromRgba(data: Uint8Array, w: number, h: number, tipX: number, tipY: number): HandSprite {
  const lx: number[] = [];
  const ly: number[] = [];
  const la: number[] = [];
  const lv: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const j = (y * w + x) * 4;
      const a = data[j + 3]!;
      if (a < 4) continue;
      lx.push(x - tipX);
      ly.push(y - tipY);
      la.push(a);
      lv.push(rgbToYuv(data[j]!, data[j + 1]!, data[j + 2]!)[0]);
    }
  }
  const cx: number[] = [];
  const cy: number[] = [];
  const ca: number[] = [];
  const cu: number[] = [];
  const cv: number[] = [];
  for (let y = 0; y + 1 < h; y += 2) {
    for (let x = 0; x + 1 < w; x += 2) {
      let a = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (const j of [y * w + x, y * w + x + 1, (y + 1) * w + x, (y + 1) * w + x + 1].map((p) => p * 4)) {
        const al = data[j + 3]!;
        a += al;
        r += data[j]! * al;
        g += data[j + 1]! * al;
        b += data[j + 2]! * al;
      }
      if (a < 16) continue;
      const [, u, v] = rgbToYuv(r / a, g / a, b / a);
      cx.push((x - tipX) / 2);
      cy.push((y - tipY) / 2);
      ca.push(Math.round(a / 4));
      cu.push(u);
      cv.push(v);
    }
  }
  return {
    size: Math.max(w, h),
    luma: { dx: Int16Array.from(lx), dy: Int16Array.from(ly), a: Uint8Array.from(la), v: Uint8Array.from(lv) },
    chroma: { dx: Int16Array.from(cx), dy: Int16Array.from(cy), a: Uint8Array.from(ca), u: Uint8Array.from(cu), v: Uint8Array.from(cv) },
  };
}
