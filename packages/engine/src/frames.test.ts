import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linesPng, scenePng } from '../test/fixtures.js';
import { psnr, rgbaOf, sketchParams } from '../test/helpers.js';
import { FrameRenderer, HandPath } from './frames.js';
import { loadHand } from './hand.js';
import { outline, outlineToGrey } from './outline.js';
import { penAt } from './plan.js';
import type { PenTimeline } from './plan.js';
import { planSketch } from './sketch.js';
import { GREY_TO_Y } from './yuv.js';

async function renderAll(colour: boolean): Promise<{ hashes: string[]; chromaOff: number[] }> {
  const image = await rgbaOf(await linesPng(160, 120));
  const sketch = planSketch(image, sketchParams({ drawingTime: 1, colour }));
  sketch.script.hand = await loadHand(60);
  const renderer = new FrameRenderer(sketch.script);
  const hashes: string[] = [];
  const chromaOff: number[] = [];
  for (let frame = renderer.next(); frame; frame = renderer.next()) {
    hashes.push(createHash('sha1').update(frame).digest('hex'));
    let off = 0;
    for (let i = 160 * 120; i < frame.length; i++) if (frame[i] !== 128) off++;
    chromaOff.push(off);
  }
  return { hashes, chromaOff };
}

describe('frames', () => {
  it('shows the hand (in colour) while drawing, and it has left by the last frame', async () => {
    const { chromaOff } = await renderAll(false);
    expect(chromaOff.length).toBe(30 + 15);
    expect(chromaOff[15]).toBeGreaterThan(100); // skin and sleeve colours on the grey drawing
    expect(chromaOff.at(-1)).toBe(0);
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
    sketch.script.hand = await loadHand(60);
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
