import type { AddedStroke } from '@rasma/contract/stroke-edits';
import { describe, expect, it } from 'vitest';
import { addInk } from './edit-ink.js';

const [WIDTH, HEIGHT] = [200, 120];
const PLACEMENT = { scale: 1, left: 0, top: 0 };

/** addInk on blank paper: the strokes, and the ink and grey it leaves. */
function inkOf(added: AddedStroke[]) {
  const ink = new Uint8Array(WIDTH * HEIGHT);
  const owner = new Int32Array(WIDTH * HEIGHT).fill(-1);
  const grey = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const strokes = addInk(added, PLACEMENT, WIDTH, HEIGHT, ink, owner, grey);
  return { strokes, ink, grey };
}

describe('addInk', () => {
  it('costs a stroke going over its line again and again the pixels it covers, not its length', () => {
    const there: [number, number, number] = [10, 10, 0.5];
    const back: [number, number, number] = [190, 110, 0.5];
    const roundTrip = inkOf([{ part: 'added.1', points: [there, back, there] }]);
    // 1,000 points between the two ends, as the attack's zig-zag between corners.
    const zigzag = Array.from({ length: 1_000 }, (_, i) => (i % 2 === 0 ? there : back));
    const retraced = inkOf([{ part: 'added.1', points: zigzag }]);
    const pixels = roundTrip.strokes[0]!.pixels;
    // Each pixel once: the line there and the few the way back rounds to otherwise.
    expect(new Set(pixels).size).toBe(pixels.length);
    expect(pixels.length).toBeLessThan(1.2 * Math.hypot(180, 100));
    expect(retraced.strokes[0]!.pixels).toEqual(pixels);
    expect(retraced.ink).toEqual(roundTrip.ink);
    expect(retraced.grey).toEqual(roundTrip.grey);
  });
});
