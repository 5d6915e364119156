import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linesPng, scenePng } from '../test/fixtures.js';
import { psnr, rgbaOf, sketchParams } from '../test/helpers.js';
import { FrameRenderer, HandPath } from './frames.js';
import { handPose, loadHand } from './hand.js';
import { DIRECTIONS } from './types.js';
import type { Direction } from './types.js';
import { outline, outlineToGrey } from './outline.js';
import { penAt } from './plan.js';
import type { PenTimeline } from './plan.js';
import { planSketch } from './sketch.js';
import { GREY_TO_Y } from './yuv.js';

async function renderAll(
  colour: boolean,
  direction: Direction = 'Left to right',
): Promise<{ hashes: string[]; chromaOff: number[]; handX: number[] }> {
  const image = await rgbaOf(await linesPng(160, 120));
  const sketch = planSketch(image, sketchParams({ drawingTime: 1, colour, direction }));
  sketch.script.hand = await loadHand(60, handPose(sketch.mainDirection), image, 'hand');
  const renderer = new FrameRenderer(sketch.script);
  const hashes: string[] = [];
  const chromaOff: number[] = [];
  const handX: number[] = []; // mean column of the hand's colour, in chroma pixels
  for (let frame = renderer.next(); frame; frame = renderer.next()) {
    hashes.push(createHash('sha1').update(frame).digest('hex'));
    let off = 0;
    let sumX = 0;
    for (let i = 160 * 120; i < frame.length; i++) {
      if (frame[i] === 128) continue;
      off++;
      sumX += (i - 160 * 120) % 80;
    }
    chromaOff.push(off);
    handX.push(sumX / off);
  }
  return { hashes, chromaOff, handX };
}

describe('frames', () => {
  it('shows the hand (in colour) while drawing, and it has left by the last frame', async () => {
    const { chromaOff } = await renderAll(false);
    expect(chromaOff.length).toBe(30 + 15);
    expect(chromaOff[15]).toBeGreaterThan(100); // skin and sleeve colours on the grey drawing
    expect(chromaOff.at(-1)).toBe(0);
  });

  it('mirrors the hand for right to left, and it leaves the picture the way its arm reaches', async () => {
    const rightHand = await renderAll(false);
    const leftHand = await renderAll(false, 'Right to left');
    // The frames after the drawing's 30 in which some of the hand still shows.
    const leaving = (handX: number[]) => {
      const shown = handX.slice(30).filter(Number.isFinite);
      expect(shown.length).toBeGreaterThan(3);
      return shown;
    };
    const steps = (xs: number[]) => xs.slice(1).map((x, i) => x - xs[i]!);
    expect(Math.min(...steps(leaving(rightHand.handX)))).toBeGreaterThan(0);
    expect(Math.max(...steps(leaving(leftHand.handX)))).toBeLessThan(0);
  });

  it('gives the same frames for the same input and seed', async () => {
    const a = await renderAll(true);
    const b = await renderAll(true);
    expect(a.hashes).toEqual(b.hashes);
    expect(new Set(a.hashes).size).toBeGreaterThan(30);
  });

  it('ends the black-and-white drawing on exactly the outline preview, hatching included', async () => {
    const image = await rgbaOf(await scenePng(240, 180, 30));
    const sketch = planSketch(image, sketchParams({ drawingTime: 1 }));
    sketch.script.hand = await loadHand(60, handPose('Left to right'), image, 'hand');
    const renderer = new FrameRenderer(sketch.script);
    let last: Uint8Array | undefined;
    for (let frame = renderer.next(); frame; frame = renderer.next()) last = frame;
    // What the browser's live preview computes from the same pixels.
    const preview = outlineToGrey(outline(image)).map((g) => GREY_TO_Y[g]!);
    expect(preview.some((y) => y < 60)).toBe(true);
    expect(psnr(last!.subarray(0, 240 * 180), preview)).toBeGreaterThanOrEqual(40);
  });
});

describe('the hand', () => {
  it('is a right hand for left to right and top to bottom, mirrored for the other two, turned to the drawing, pen tip at the tip', async () => {
    for (const direction of DIRECTIONS) {
      const pose = handPose(direction);
      expect({ x: pose.x, y: pose.y }).toEqual({
        x: direction === 'Right to left' ? -1 : 1,
        y: direction === 'Bottom to top' ? -1 : 1,
      });
      const { y: luma } = await loadHand(60, pose, { width: 400, height: 300 }, 'hand');
      let sumX = 0;
      let sumY = 0;
      let count = 0;
      let nearest = Infinity; // the pen tip: the sprite's pixel nearest its origin
      const add = (dx: number, dy: number) => {
        sumX += dx;
        sumY += dy;
        count++;
        nearest = Math.min(nearest, Math.hypot(dx, dy));
      };
      luma.runLen.forEach((len, r) => {
        for (let i = 0; i < len; i++) add(luma.runDx[r]! + i, luma.runDy[r]!);
      });
      luma.dx.forEach((dx, i) => add(dx, luma.dy[i]!)); // the anti-aliased edge
      // The arm reaches away from the tip the pose's way: its pixels' mean lies on that side,
      // further across than down for a drawing going across, further down for one going down.
      expect(Math.sign(sumX / count), direction).toBe(pose.x);
      expect(Math.sign(sumY / count), direction).toBe(pose.y);
      const across = direction === 'Left to right' || direction === 'Right to left';
      expect(Math.abs(sumX) > Math.abs(sumY), direction).toBe(across);
      expect(nearest, direction).toBeLessThan(4);
    }
  });

  it('is held for the direction most of the ink is drawn in', async () => {
    const image = await rgbaOf(await linesPng(160, 120));
    const everywhere = {
      points: [{ x: 80, y: 60 }],
      brushSize: 400,
      fillLevel: 50,
      direction: 'Bottom to top' as const,
    };
    const corner = { ...everywhere, points: [{ x: 5, y: 5 }], brushSize: 10 };
    const mainDirection = (zones: (typeof everywhere)[]) =>
      planSketch(image, sketchParams({ drawingTime: 1, zones })).mainDirection;
    expect(mainDirection([])).toBe('Left to right');
    expect(mainDirection([everywhere])).toBe('Bottom to top');
    expect(mainDirection([corner])).toBe('Left to right');
  });

  const frames = 60;
  /** One pen keyframe per frame time, the pen down throughout. */
  const pen = (at: (k: number) => [number, number]) => {
    const points = Array.from({ length: frames + 1 }, (_, k) => at(k));
    return {
      t: Float64Array.from(points, (_, k) => k / 30),
      x: Float32Array.from(points, ([x]) => x),
      y: Float32Array.from(points, ([, y]) => y),
      down: new Uint8Array(points.length).fill(1),
    };
  };
  const handPath = (timeline: PenTimeline) => {
    const path = new HandPath((time) => penAt(timeline, time), frames, 30, 100);
    return Array.from({ length: frames }, (_, k) => path.at(k));
  };
  const moves = (path: { x: number; y: number }[]) =>
    Array.from({ length: frames - 1 }, (_, k) =>
      Math.hypot(path[k + 1]!.x - path[k]!.x, path[k + 1]!.y - path[k]!.y),
    );

  it('glides over hatching where the pen lands somewhere else every frame', () => {
    // The pen's place at each frame alternates between two spots 200 px apart.
    const path = handPath(pen((k) => [k % 2 ? 500 : 300, 400]));
    const inside = moves(path).slice(10, -10);
    expect(Math.max(...inside)).toBeLessThan(10);
    expect(path[30]!.x).toBeCloseTo(400, -1);
  });

  it('holds the pen on a slow stroke', () => {
    const path = handPath(pen((k) => [100 + 4 * k, 200 + 2 * k]));
    for (let k = 10; k < frames - 10; k++) {
      expect(path[k]!.x).toBeCloseTo(100 + 4 * (k + 1), 1);
      expect(path[k]!.y).toBeCloseTo(200 + 2 * (k + 1), 1);
    }
  });

  it('looks at the pen only as far ahead as its average reaches (the strokes are timed as it goes)', () => {
    const timeline = pen((k) => [100 + 4 * k, 200]);
    let latest = 0;
    const path = new HandPath(
      (time) => {
        latest = Math.max(latest, time);
        return penAt(timeline, time);
      },
      frames,
      30,
      100,
    );
    path.at(10);
    // Frame 10 shows 11 / 30 s; the average reaches 9 frames (3 sigma) further.
    expect(latest).toBeCloseTo(20 / 30, 9);
    expect(path.at(10).x).toBeCloseTo(100 + 4 * 11, 1);
  });
});
