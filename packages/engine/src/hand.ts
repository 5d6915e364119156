/**
 * The hand sprite: our SVG rasterized once per size with sharp, held for the drawing's direction
 * and kept as YUV sprite planes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { HandSprite } from './frames.js';
import { handDrawing, type Drawer } from './hand-drawing.js';
import { HAND_TIP, handBoxSize, pixelsPerHandUnit } from './hand-geometry.js';
import type { HandHold } from './hand-pose.js';
import { memoize } from './memo.js';
import { buildPlane } from './sprite.js';
import { lumaOf, setChroma } from './yuv.js';

/**
 * Found by the package's name: the same file whether the engine runs from its source, its own
 * bundle or a bundle it is part of (the server's render process).
 */
export const HAND_SVG_PATH = createRequire(import.meta.url).resolve(
  '@rasma/engine/assets/hand.svg',
);
/**
 * Corners of a shape around the SVG's drawing, a few units out for its strokes and the soft
 * shadow: the hand, its shadow and its sleeve, which reaches (5608, 3193)-(5493, 3386). The
 * hand's tests check every pixel of the drawing lies inside.
 */
export const HAND_HULL = [
  [-3, 79],
  [-1, 16],
  [17, 0],
  [298, 91],
  [5608, 3193],
  [5493, 3386],
  [186, 368],
  [118, 322],
  [4, 194],
] as const;
/** The same around the pen alone. */
export const PEN_HULL = [
  [17, -1],
  [-1, 16],
  [250, 256],
  [229, 275],
] as const;
export { handPose, type HandHold } from './hand-pose.js';

const cache = new Map<string, Promise<HandSprite>>();

/**
 * The hand (in its skin tone) or its pen alone, drawn at the size of a hand `size` pixels long
 * and held as `hold`, its sleeve reaching out of a picture `frame` large from anywhere on it
 * (cached per size, hold, frame and drawer).
 */
export function loadHand(
  size: number,
  hold: HandHold,
  frame: { width: number; height: number },
  drawer: Drawer,
): Promise<HandSprite> {
  const key = [size, hold.x, hold.y, hold.degrees, frame.width, frame.height, drawer].join(' ');
  return memoize(cache, key, () => rasterizeHand(pixelsPerHandUnit(size), hold, frame, drawer));
}

async function rasterizeHand(
  pxPerUnit: number,
  hold: HandHold,
  frame: { width: number; height: number },
  drawer: Drawer,
): Promise<HandSprite> {
  const turn = (hold.degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  // Where the drawing lies, turned and mirrored about the tip (units from the tip).
  const turned = (drawer === 'pen' ? PEN_HULL : HAND_HULL).map(([x, y]) => {
    const [dx, dy] = [x - HAND_TIP, y - HAND_TIP];
    return [hold.x * (dx * cos - dy * sin), hold.y * (dx * sin + dy * cos)] as const;
  });
  const xs = turned.map(([x]) => x);
  const ys = turned.map(([, y]) => y);
  // Pixels from the tip to each edge of the sprite: no further than the frame reaches (the rest is
  // never seen), and even, so the tip falls on an even pixel (the chroma planes are half size).
  const reach = (units: number, limit: number) =>
    2 * Math.ceil(Math.min(limit, Math.max(0, units) * pxPerUnit) / 2);
  const left = reach(-Math.min(...xs), frame.width);
  const right = reach(Math.max(...xs), frame.width);
  const top = reach(-Math.min(...ys), frame.height);
  const bottom = reach(Math.max(...ys), frame.height);
  const [w, h] = [left + right, top + bottom];
  const drawing = handDrawing(readFileSync(HAND_SVG_PATH, 'utf8'), drawer);
  const u = (px: number) => px / pxPerUnit;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"`,
    ` viewBox="${HAND_TIP - u(left)} ${HAND_TIP - u(top)} ${u(w)} ${u(h)}">`,
    `<g transform="translate(${HAND_TIP} ${HAND_TIP}) scale(${hold.x} ${hold.y}) rotate(${hold.degrees})`,
    ` translate(${-HAND_TIP} ${-HAND_TIP})">${drawing}</g></svg>`,
  ].join('');
  const { data } = await sharp(Buffer.from(svg))
    .resize(w, h)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pose = { x: hold.x, y: hold.y };
  return { ...spriteFromRgba(data, w, h, left, top), pose, size: handBoxSize(pxPerUnit) };
}

/** YUV planes of an RGBA image (even w, h): luma per pixel, chroma per 2 x 2 block. */
function spriteFromRgba(
  data: Uint8Array,
  w: number,
  h: number,
  tipX: number,
  tipY: number,
): Pick<HandSprite, 'y' | 'u' | 'v'> {
  const n = w * h;
  const luma = new Uint8Array(n);
  const alpha = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    alpha[p] = data[p * 4 + 3]!;
    // Most of the box is clear: only what shows needs its luma.
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
    y: buildPlane(luma, alpha, w, h, tipX, tipY),
    u: buildPlane(u, ca, cw, ch, tipX / 2, tipY / 2),
    v: buildPlane(v, ca, cw, ch, tipX / 2, tipY / 2),
  };
}
