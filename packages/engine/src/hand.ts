/**
 * The hand sprite: our SVG rasterized once per size with sharp, held for the drawing's direction
 * and kept as YUV sprite planes.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { RIGHT_HAND } from './frames.js';
import type { HandPose, HandSprite } from './frames.js';
import { memoize } from './memo.js';
import { buildPlane } from './sprite.js';
import type { Direction } from './types.js';
import { lumaOf, setChroma } from './yuv.js';

const SVG_URL = new URL('../assets/hand.svg', import.meta.url);
/** Pen tip in the SVG's 900 x 900 box; the hand itself fills about 520 x 520 of it. */
const TIP = 12;
const SVG_SIZE = 900;
const HAND_SIZE = 520;

/**
 * How the hand is held for a drawing direction: off what is drawn already. A right hand lies down
 * and to the right of its pen, over the paper still blank when the drawing goes left to right or
 * top to bottom; mirrored for right to left and bottom to top. A hand lying on the drawing
 * uncovers some of it in every frame it moves, and the encoder codes that ink again: the night
 * photo drawn right to left was 6.1 MB with the right hand and 3.0 MB with the mirrored one.
 */
export function handPose(direction: Direction): HandPose {
  return { x: direction === 'Right to left' ? -1 : 1, y: direction === 'Bottom to top' ? -1 : 1 };
}

/** The hand's picture: RGBA, `px` square, the pen tip at (tip, tip). */
export interface HandRaster {
  data: Uint8Array;
  px: number;
  tip: number;
}

const cache = new Map<number, Promise<HandRaster>>();

/** The hand drawn `size` pixels tall and wide, its arm reaching further (cached per size). */
export function loadHand(size: number): Promise<HandRaster> {
  const px = Math.max(8, Math.round((size * SVG_SIZE) / HAND_SIZE / 2) * 2);
  return memoize(cache, px, () => rasterizeHand(px));
}

async function rasterizeHand(px: number): Promise<HandRaster> {
  const { data } = await sharp(readFileSync(SVG_URL), { density: (72 * px) / SVG_SIZE })
    .resize(px, px)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, px, tip: Math.round((TIP * px) / SVG_SIZE) & ~1 };
}

/**
 * The hand held in `pose`: the picture mirrored as the pose asks. A mirrored tip lands one pixel
 * off its place, on the even pixel the chroma planes need.
 */
export function handSprite({ data, px, tip }: HandRaster, pose: HandPose = RIGHT_HAND): HandSprite {
  const pixels = pose.x === 1 && pose.y === 1 ? data : mirrored(data, px, pose);
  const tipX = pose.x === 1 ? tip : px - 2 - tip;
  const tipY = pose.y === 1 ? tip : px - 2 - tip;
  return spriteFromRgba(pixels, px, px, tipX, tipY, pose);
}

/** A square RGBA picture mirrored left to right (pose.x -1) and top to bottom (pose.y -1). */
function mirrored(data: Uint8Array, px: number, pose: HandPose): Uint8Array {
  const from = new Uint32Array(data.slice().buffer); // a copy: aligned for 4-byte pixels
  const to = new Uint32Array(px * px);
  for (let y = 0; y < px; y++) {
    const row = (pose.y === 1 ? y : px - 1 - y) * px;
    for (let x = 0; x < px; x++) to[row + (pose.x === 1 ? x : px - 1 - x)] = from[y * px + x]!;
  }
  return new Uint8Array(to.buffer);
}

/** YUV planes of an RGBA image (even w, h): luma per pixel, chroma per 2 x 2 block. */
function spriteFromRgba(
  data: Uint8Array,
  w: number,
  h: number,
  tipX: number,
  tipY: number,
  pose: HandPose = RIGHT_HAND,
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
    pose,
    y: buildPlane(luma, alpha, w, h, tipX, tipY),
    u: buildPlane(u, ca, cw, ch, tipX / 2, tipY / 2),
    v: buildPlane(v, ca, cw, ch, tipX / 2, tipY / 2),
  };
}
