import type { AddedStroke } from '@rasma/contract/stroke-edits';
import { describe, expect, it } from 'vitest';
import { addInk, matchDeleted, removeInk } from './edit-ink.js';
import { LINE_DARK } from './outline.js';

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

describe('a deleted line that covers part of a planned stroke', () => {
  // One contour traced as an L at this size: down x = 20 from y 10 to 100, then right to x 150.
  const down = Array.from({ length: 91 }, (_, i) => (10 + i) * WIDTH + 20);
  const right = Array.from({ length: 130 }, (_, i) => 100 * WIDTH + 21 + i);
  const plan = {
    width: WIDTH,
    height: HEIGHT,
    strokes: [{ part: '0.0', kind: 'contour' as const, pixels: [...down, ...right] }],
    parts: [{ id: '0.0', group: 0, band: 0, strokes: 1 }],
  };
  /** The ink of the L (each centre-line pixel owns itself), after deleting `lines`. */
  function inkLeft(lines: [number, number][][]) {
    const ink = new Uint8Array(WIDTH * HEIGHT);
    const owner = new Int32Array(WIDTH * HEIGHT).fill(-1);
    const grey = new Uint8Array(WIDTH * HEIGHT).fill(255);
    for (const p of plan.strokes[0]!.pixels) [ink[p], owner[p], grey[p]] = [1, p, LINE_DARK];
    const deleted = lines.map((points) => ({ part: '0.0', points }));
    const { gone, cut } = matchDeleted(plan, deleted, PLACEMENT);
    removeInk(plan.strokes, gone, cut, ink, owner, grey);
    return { gone, cut, inked: (p: number) => ink[p] === 1 && grey[p]! < 255 };
  }

  it('takes the part it runs along, as a plan at another size traced it, and keeps the rest', () => {
    // The editor's plan ended the line at the corner; the deleted line is a pixel off.
    const { gone, cut, inked } = inkLeft([
      [
        [21.5, 10.5],
        [21.5, 100.5],
      ],
    ]);
    expect(gone[0]).toBe(0);
    expect(down.filter(inked)).toEqual([]);
    // The leg to the right stays, bar the pixels at the corner within the tolerance.
    expect(right.filter(inked).length).toBeGreaterThan(right.length - 4);
    expect(cut.get(0)!.map((s) => s.pixels.length)).toEqual([right.filter(inked).length]);
  });

  it('leaves a stroke a deleted line only crosses', () => {
    const { gone, cut, inked } = inkLeft([
      [
        [5.5, 50.5],
        [60.5, 50.5],
      ],
    ]);
    expect(gone[0]).toBe(0);
    expect(cut.size).toBe(0);
    expect([...down, ...right].every(inked)).toBe(true);
  });

  it('leaves no dot at an end shorter than a cut', () => {
    // Along the leg to the right but its last 5 pixels (x 146-150): too little of the L to take
    // it whole.
    const { gone, inked } = inkLeft([
      [
        [20.5, 100.5],
        [145.5, 100.5],
      ],
    ]);
    expect(gone[0]).toBe(0);
    expect(right.filter(inked)).toEqual([]);
    expect(down.filter(inked).length).toBeGreaterThan(down.length - 4);
  });
});

describe('deleted hatching', () => {
  // Hatch strokes from x 20 to 120 at y 50, 53 and 60 (lines are at least 5 px apart at this size,
  // and a layer's second lines half that).
  const hatchAt = (y: number) => ({
    part: '0.0',
    kind: 'hatch' as const,
    pixels: Array.from({ length: 101 }, (_, i) => y * WIDTH + 20 + i),
  });
  const plan = {
    width: WIDTH,
    height: HEIGHT,
    strokes: [hatchAt(50), hatchAt(53), hatchAt(60)],
    parts: [{ id: '0.0', group: 0, band: 0, strokes: 3 }],
  };
  const goneAfter = (y: number) => [
    ...matchDeleted(
      plan,
      [
        {
          part: '0.0',
          points: [
            [20.5, y],
            [120.5, y],
          ],
        },
      ],
      PLACEMENT,
    ).gone,
  ];

  it('takes the line this plan drew beside the deleted one, as hatching at another size is placed', () => {
    // 2.5 px off the line at y 50 (past the tolerance, within three quarters of a spacing).
    expect(goneAfter(48)).toEqual([1, 0, 0]);
  });

  it('takes only the line it names where it names one, as in the editor that deleted it', () => {
    // On the line at y 53; the one at y 50 is as near as the deleted line was above.
    expect(goneAfter(53.5)).toEqual([0, 1, 0]);
  });

  it('is not what lies on a pen line: a piece of an outline is not hatching', () => {
    const row = (y: number, from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => y * WIDTH + from + i);
    const outlined = {
      ...plan,
      strokes: [
        { part: '0.0', kind: 'contour' as const, pixels: row(50, 20, 180) },
        { part: '0.0', kind: 'hatch' as const, pixels: row(53, 60, 66) },
      ],
    };
    // Too short a piece of the outline to take any of it, and 2.5 px from the short hatch stroke.
    const piece = {
      part: '0.0',
      points: [
        [60.5, 50.5],
        [62.5, 50.5],
      ] as [number, number][],
    };
    expect([...matchDeleted(outlined, [piece], PLACEMENT).gone]).toEqual([0, 0]);
  });
});
