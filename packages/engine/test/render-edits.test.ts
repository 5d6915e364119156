import type { StrokeEdits } from '@rasma/contract/stroke-edits';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage, shapeFrame } from '../src/decode.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import type { RenderOptionsInput } from '../src/options.js';
import { renderVideo } from '../src/render.js';
import { planStrokes } from '../src/sketch.js';
import { strokeEditPoints } from '../src/stroke-plan.js';
import { FPS, timeline } from '../src/timeline.js';
import { GREY_TO_Y, lumaOf } from '../src/yuv.js';
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

const CAR = new URL('../../../apps/web/public/samples/classic-car.webp', import.meta.url);
/** The car sample's sun (in its 1600x1200 pixels): its outline is one round stroke. */
const SUN = { x: 1230, y: 330, r: 135 };
/** The editor plans at this long side, the video here at another. */
const EDITOR_LONG_SIDE = 960;
const CAR_LONG_SIDE = 640;

/** The edits deleting the sun's outline as the editor sends them, its centre line and half width (image px). */
async function sunDeletedInEditor() {
  const image = await decodeImage(await readFile(CAR), { longSide: EDITOR_LONG_SIDE });
  const scale = image.placement.scale;
  const plan = planStrokes(image, {
    zones: [],
    zoneScale: scale,
    grayscaleLevel: 128,
    direction: 'Left to right',
    drawingTime: 1,
  });
  const inSun = (p: number) =>
    Math.hypot((p % plan.width) / scale - SUN.x, Math.floor(p / plan.width) / scale - SUN.y) <
    SUN.r;
  const sun = plan.strokes.filter((s) => s.pixels.every(inSun));
  expect(sun.map((s) => s.kind)).toEqual(['contour']);
  const path = strokeEditPoints(sun[0]!, plan.width, scale);
  const owned = new Set(sun[0]!.pixels);
  let halfWidth = 0;
  plan.owner.forEach((c, p) => {
    if (!owned.has(c)) return;
    const [x, y] = [((p % plan.width) + 0.5) / scale, (Math.floor(p / plan.width) + 0.5) / scale];
    halfWidth = Math.max(halfWidth, distanceToPolyline(x, y, path));
  });
  const edits: StrokeEdits = { deleted: [{ part: sun[0]!.part, points: path }] };
  return { edits, path, halfWidth };
}

/** Distance from (x, y) to a polyline. */
function distanceToPolyline(x: number, y: number, points: readonly (readonly number[])[]): number {
  let best = Infinity;
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1] as [number, number];
    const [bx, by] = points[i] as [number, number];
    const [dx, dy] = [bx - ax, by - ay];
    const length2 = dx * dx + dy * dy;
    const t = length2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / length2)) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}

/**
 * Every frame's luma of the car drawn at CAR_LONG_SIDE and, last, its thumbnail's; with the
 * source's luma and where the picture lies.
 */
async function carFrames(options: RenderOptionsInput) {
  const input = await readFile(CAR);
  const frames: Uint8Array[] = [];
  const result = await renderVideo({
    input,
    output: join(await freshDir(), 'unused.mp4'),
    options: { drawingTime: 1, hand: 'none', ...options },
    longSide: CAR_LONG_SIDE,
    ffmpeg,
    sink: frameSink(async (data) => {
      frames.push(data.slice(0, (data.length * 2) / 3));
    }),
  });
  const { data, placement } = await decodeImage(input, { longSide: CAR_LONG_SIDE });
  // The thumbnail (640 px long side, as the frames here) is the finished picture too.
  const poster = await decodeImage(await readFile(result.thumbnail), { longSide: CAR_LONG_SIDE });
  const luma = (rgba: Uint8Array) =>
    Uint8Array.from({ length: result.width * result.height }, (_, p) =>
      lumaOf(rgba[p * 4]!, rgba[p * 4 + 1]!, rgba[p * 4 + 2]!),
    );
  const { drawFrames } = timeline(1, options.aiModel === 'rasma-ai-color');
  frames.push(luma(poster.data));
  const { width, height } = result;
  return { frames, drawFrames, source: luma(data), width, height, placement };
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

  it("leaves nothing of a deleted stroke in any frame: the car sample's sun, deleted in the editor, drawn at another size", async () => {
    const { edits, path, halfWidth } = await sunDeletedInEditor();
    for (const aiModel of ['rasma-ai', 'rasma-ai-color'] as const) {
      const { frames, drawFrames, source, width, height, placement } = await carFrames({
        aiModel,
        edits,
      });
      // The sun's outline, widened by its pen width (and a pixel for the rim), in the frame.
      const onPath: number[] = [];
      for (let y = 0, p = 0; y < height; y++)
        for (let x = 0; x < width; x++, p++) {
          const ix = (x + 0.5 - placement.left) / placement.scale;
          const iy = (y + 0.5 - placement.top) / placement.scale;
          if (distanceToPolyline(ix, iy, path) <= halfWidth + 1 / placement.scale) onPath.push(p);
        }
      expect(onPath.length).toBeGreaterThan(1000);
      // Drawing frames and black and white: paper there (the thumbnail's JPEG a little less).
      // Colour frames: no darker than the source's own colour.
      const paperIn = (k: number) => GREY_TO_Y[255]! - (k < frames.length - 1 ? 10 : 20);
      const drawing = (k: number) => k < drawFrames || aiModel === 'rasma-ai';
      frames.forEach((luma, k) => {
        const inked = onPath.filter((p) =>
          drawing(k) ? luma[p]! < paperIn(k) : luma[p]! < source[p]! - 25,
        );
        expect({ aiModel, frame: k, inked: inked.length }).toEqual({ aiModel, frame: k, inked: 0 });
      });
    }
  });

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
