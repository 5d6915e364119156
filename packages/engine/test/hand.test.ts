import { join } from 'node:path';
import { HANDS } from '@rasma/contract/constants';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Drawer } from '../src/hand-drawing.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import { renderVideo } from '../src/render.js';
import { FPS } from '../src/timeline.js';
import { frameSink, freshDir } from './helpers.js';

const [WIDTH, HEIGHT] = [800, 600];
const DRAWERS = HANDS.filter((hand): hand is Drawer => hand !== 'none');
const SKINNED = DRAWERS.filter((hand) => hand !== 'pen');

let ffmpeg: FfmpegInfo;
let picture: Buffer;
/** Every frame of the same drawing, for each choice of what draws. */
const frames = new Map<string, Uint8Array[]>();

async function framesWith(hand: Drawer | 'none'): Promise<Uint8Array[]> {
  const list: Uint8Array[] = [];
  const dir = await freshDir();
  await renderVideo({
    input: picture,
    output: join(dir, 'x.mp4'),
    options: { drawingTime: DRAWING_SECONDS, hand },
    longSide: WIDTH,
    ffmpeg,
    sink: frameSink(async (data) => {
      list.push(Uint8Array.from(data));
    }),
  });
  return list;
}

beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
  // One slow line across: the pen moves along it, and the hand with it.
  const line = `<line x1="${WIDTH * 0.1}" y1="${HEIGHT / 2}" x2="${WIDTH * 0.9}" y2="${HEIGHT / 2}" stroke="#000" stroke-width="4"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#fff"/>${line}</svg>`;
  picture = await sharp(Buffer.from(svg)).png().toBuffer();
  for (const hand of [...DRAWERS, 'none'] as const) frames.set(hand, await framesWith(hand));
}, 120_000);

const N = WIDTH * HEIGHT;
const DRAWING_SECONDS = 2;
/** The drawing's frames (the hand leaves after them). */
const drawingFrames = () => DRAWING_SECONDS * FPS;

/** Pixels (luma index) where the frame with the hand differs from the one without: the hand. */
function handPixels(hand: string, k: number): number[] {
  const withHand = frames.get(hand)![k]!;
  const without = frames.get('none')![k]!;
  const pixels: number[] = [];
  for (let p = 0; p < N; p++) if (Math.abs(withHand[p]! - without[p]!) > 8) pixels.push(p);
  return pixels;
}

/** Chroma pixels (quarter plane index) of skin: warm, red over blue. */
function skinPixels(frame: Uint8Array): number[] {
  const quarter = N / 4;
  const pixels: number[] = [];
  for (let q = 0; q < quarter; q++) {
    const [u, v] = [frame[N + q]!, frame[N + quarter + q]!];
    if (v - 128 > 6 && u < 128) pixels.push(q);
  }
  return pixels;
}

describe('every hand', () => {
  it.each(DRAWERS)('%s: holds the pen tip on the newest ink', (hand) => {
    const none = frames.get('none')!;
    const distances: number[] = [];
    for (let k = 5; k < drawingFrames(); k++) {
      const newest: number[] = [];
      for (let p = 0; p < N; p++) if (none[k]![p] !== none[k - 1]![p]) newest.push(p);
      const shown = handPixels(hand, k);
      if (newest.length === 0 || shown.length === 0) continue;
      // A right hand drawing left to right: the pen tip is the hand's leftmost end, its nib the
      // darkest pixel there.
      const left = Math.min(...shown.map((p) => p % WIDTH));
      const luma = frames.get(hand)![k]!;
      const tip = shown
        .filter((p) => p % WIDTH <= left + 2)
        .reduce((a, b) => (luma[b]! < luma[a]! ? b : a));
      expect(luma[tip]).toBeLessThan(90);
      const [tx, ty] = [tip % WIDTH, Math.floor(tip / WIDTH)];
      // The drawing front: the newest ink furthest along the line (drawn left to right).
      const front = Math.max(...newest.map((p) => p % WIDTH));
      distances.push(
        Math.min(
          ...newest
            .filter((p) => p % WIDTH === front)
            .map((p) => Math.hypot(front - tx, Math.floor(p / WIDTH) - ty)),
        ),
      );
    }
    distances.sort((a, b) => a - b);
    expect(distances.length).toBeGreaterThan(20);
    // The hand follows the pen's path averaged over a few frames: where the pen speeds up or
    // slows down (at the line's end most) it trails by a few pixels.
    expect(distances[Math.floor(distances.length / 2)]).toBeLessThanOrEqual(3);
    expect(distances[Math.floor(distances.length * 0.75)]).toBeLessThanOrEqual(4.5);
  });

  it.each(SKINNED)('%s: is a fifth to a quarter of the short side across', (hand) => {
    const frame = frames.get(hand)![Math.floor(drawingFrames() / 2)]!;
    const skin = skinPixels(frame);
    const xs = skin.map((q) => 2 * (q % (WIDTH / 2)));
    const ys = skin.map((q) => 2 * Math.floor(q / (WIDTH / 2)));
    const across = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    expect(across / HEIGHT).toBeGreaterThanOrEqual(0.18);
    expect(across / HEIGHT).toBeLessThanOrEqual(0.26);
  });

  it('has skin tones a person tells apart: each darker than the one before', () => {
    const meanSkinLuma = (hand: string) => {
      const frame = frames.get(hand)![Math.floor(drawingFrames() / 2)]!;
      const skin = skinPixels(frame);
      const sum = skin.reduce((total, q) => {
        const top = 2 * Math.floor(q / (WIDTH / 2)) * WIDTH + 2 * (q % (WIDTH / 2));
        return total + frame[top]!;
      }, 0);
      return sum / skin.length;
    };
    const lumas = SKINNED.map(meanSkinLuma);
    for (let i = 1; i < lumas.length; i++)
      expect(lumas[i - 1]! - lumas[i]!, SKINNED[i]).toBeGreaterThan(30);
  });
});
