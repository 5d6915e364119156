import type { StrokeEdits } from '@rasma/contract/stroke-edits';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage, shapeFrame } from '../src/decode.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import type { RenderOptionsInput } from '../src/options.js';
import { renderVideo } from '../src/render.js';
import { FPS } from '../src/timeline.js';
import { linesPng } from './fixtures.js';
import { frameSink, freshDir } from './helpers.js';

let ffmpeg: FfmpegInfo;
beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
});

// A portrait picture of slanted lines (240 x 320 source pixels) in a 16:9 frame: it lies in the
// middle of the frame, scaled, so the edits' image pixels must be placed as the zones are.
const LONG_SIDE = 320;
const SHAPE = '16:9';
/** Line 4 of `linesPng(240, 320)`: from (a, 32) to (a + 7.2, 288), a = 0.08 * 240 + 4 * 240 / 9. */
const LINE_X = 0.08 * 240 + (4 * 240) / 9;
const deletedLine: [number, number][] = [
  [LINE_X, 32],
  [LINE_X + 7.2, 288],
];
/** A stroke drawn by hand across the top, above the lines. */
const addedLine: [number, number, number][] = [
  [30, 12, 0.5],
  [210, 12, 0.5],
];
const EDITS: StrokeEdits = {
  deleted: [{ part: '0.3', points: deletedLine }],
  added: [{ part: 'added.1', points: addedLine }],
};

/** The luma planes of the drawing's last frame and of the video's last rendered frame. */
async function framesOf(options: RenderOptionsInput) {
  const dir = await freshDir();
  const frames: Uint8Array[] = [];
  const result = await renderVideo({
    input: await linesPng(240, 320),
    output: join(dir, 'unused.mp4'),
    options: { drawingTime: 1, shape: SHAPE, hand: 'none', ...options },
    longSide: LONG_SIDE,
    ffmpeg,
    sink: frameSink(async (data) => {
      frames.push(data.slice());
    }),
  });
  const { width, height } = result;
  const luma = (frame: Uint8Array) => ({ luma: frame.subarray(0, width * height), width });
  return { drawn: luma(frames[FPS - 1]!), last: luma(frames.at(-1)!) };
}

/** Mean luma along a polyline given in source pixels, placed in the frame. */
async function meanAlong(
  frame: { luma: Uint8Array; width: number },
  points: readonly (readonly number[])[],
): Promise<number> {
  const frameSize = shapeFrame(SHAPE, LONG_SIDE)!;
  const { placement } = await decodeImage(await linesPng(240, 320), { frame: frameSize });
  const [a, b] = [points[0]!, points.at(-1)!];
  let sum = 0;
  const steps = 100;
  for (let i = 10; i <= steps - 10; i++) {
    const t = i / steps;
    const x = placement.left + (a[0]! + (b[0]! - a[0]!) * t) * placement.scale;
    const y = placement.top + (a[1]! + (b[1]! - a[1]!) * t) * placement.scale;
    // The darkest pixel next to the point: the line is a pixel or two wide.
    let darkest = 255;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        darkest = Math.min(
          darkest,
          frame.luma[Math.floor(y + dy) * frame.width + Math.floor(x + dx)]!,
        );
    sum += darkest;
  }
  return sum / (steps - 19);
}

describe('a render with stroke edits', () => {
  for (const aiModel of ['rasma-ai', 'rasma-ai-color'] as const) {
    it(`leaves the deleted line out and draws the added one, at their places in the frame (${aiModel})`, async () => {
      const plain = await framesOf({ aiModel });
      const edited = await framesOf({ aiModel, edits: EDITS });
      // Deleted: drawn before, paper now when the drawing ends (in colour, the picture's own
      // colours come after: this one has its black line there).
      expect(await meanAlong(plain.drawn, deletedLine)).toBeLessThan(100);
      expect(await meanAlong(edited.drawn, deletedLine)).toBeGreaterThan(200);
      if (aiModel === 'rasma-ai')
        expect(await meanAlong(edited.last, deletedLine)).toBeGreaterThan(200);
      // Added: paper before, ink now, to the end.
      for (const frame of ['drawn', 'last'] as const) {
        expect(await meanAlong(plain[frame], addedLine)).toBeGreaterThan(200);
        expect(await meanAlong(edited[frame], addedLine)).toBeLessThan(100);
      }
      // The other lines are as they were.
      const otherLine = deletedLine.map(([x, y]) => [x + 240 / 9, y]);
      expect(await meanAlong(edited.drawn, otherLine)).toBeLessThan(100);
    });
  }

  it('refuses edits that break the contract, naming the field', async () => {
    await expect(
      framesOf({ edits: { deleted: [{ part: '0.9', points: [[1, 1]] }] } }),
    ).rejects.toThrow(/Invalid option edits\.deleted\.0\.part: A part id is/);
  });

  it('is what the CLI renders with --edits file.json (checked the same way)', async () => {
    const dir = await freshDir();
    const [input, edits] = [join(dir, 'in.png'), join(dir, 'edits.json')];
    await writeFile(input, await linesPng(240, 320));
    await writeFile(edits, JSON.stringify({ deleted: [{ part: '0.9', points: [[1, 1]] }] }));
    const bin = new URL('../bin/rasma.js', import.meta.url).pathname;
    const args = ['render', input, '-o', join(dir, 'out.mp4'), '--time', '1', '--size', '1280'];
    args.push('--edits', edits);
    const failed = await promisify(execFile)(bin, args, { env: { ...process.env, TMPDIR: dir } })
      .then(() => undefined)
      .catch((error: { code: number; stderr: string }) => error);
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(
      /^rasma: Invalid option edits\.deleted\.0\.part: A part id is .* \[INVALID_OPTIONS\]$/m,
    );
  });
});
