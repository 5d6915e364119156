import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import { renderVideo } from '../src/render.js';
import { timeline } from '../src/timeline.js';
import { frameSink, freshDir } from './helpers.js';
import { longestPaperHole, paperWhereInkWas } from './paper-holes.js';
import { realPhoto } from './real-photos.js';
import type { RealPhotoName } from './real-photos.js';

let ffmpeg: FfmpegInfo;
beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
});

const LONG_SIDE = 480;
const DRAWING_TIME = 4;
/** Blocks of 7 px (at 480) with the 6 px around them. */
const BLOCK = 7;
const AROUND = 6;

/**
 * The colour phase of a photo as the renderer makes it (no hand, which covers paper): each colour
 * frame's luma, the drawing's last frame, and each pixel's darkest luma before each colour frame.
 */
async function colourPhase(name: RealPhotoName) {
  const { drawFrames } = timeline(DRAWING_TIME, true);
  const frames: Uint8Array[] = [];
  const darkestBefore: Uint8Array[] = [];
  let darkest: Uint8Array | undefined;
  let drawn: Uint8Array | undefined;
  let k = 0;
  const result = await renderVideo({
    input: await realPhoto(name),
    output: join(await freshDir(), 'unused.mp4'),
    options: { drawingTime: DRAWING_TIME, aiModel: 'rasma-ai-color', hand: 'none' },
    longSide: LONG_SIDE,
    ffmpeg,
    sink: frameSink(async (data) => {
      const luma = data.slice(0, (data.length * 2) / 3);
      darkest ??= luma.slice();
      if (k >= drawFrames) {
        frames.push(luma);
        darkestBefore.push(darkest.slice());
      }
      if (k === drawFrames - 1) drawn = luma;
      for (let p = 0; p < luma.length; p++) if (luma[p]! < darkest[p]!) darkest[p] = luma[p]!;
      k++;
    }),
  });
  return { width: result.width, height: result.height, frames, darkestBefore, drawn: drawn! };
}

describe('the colour phase opens no white holes', () => {
  for (const name of ['real-pet', 'real-portrait'] as const) {
    it(`keeps the ink until the colour covers it, and paints paper the paint goes round (${name})`, async () => {
      const { width, height, frames, darkestBefore, drawn } = await colourPhase(name);
      const last = frames.at(-1)!;
      // No paper where an earlier frame had ink and the last frame has colour.
      const uncovered = frames.map((frame, j) =>
        paperWhereInkWas(frame, darkestBefore[j]!, last, width, height, BLOCK),
      );
      expect(Math.max(...uncovered)).toBe(0);
      // Paper the colour goes round is painted within a few frames (0.13 s), not at its own
      // region's turn: a hole of 9 frames and more is what the eye catches.
      expect(longestPaperHole(frames, drawn, width, height, BLOCK, AROUND)).toBeLessThan(4);
    });
  }
});
