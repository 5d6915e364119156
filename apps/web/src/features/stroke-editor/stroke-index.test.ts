import { describe, expect, it } from 'vitest';
import { StrokeIndex, type StrokeGeometry } from './stroke-index';

const WIDTH = 40;
const HEIGHT = 24;
const at = (x: number, y: number) => y * WIDTH + x;
const row = (y: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => at(from + i, y));
const column = (x: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => at(x, from + i));

/** Strokes as drawn, in order. */
function geometry(strokes: number[][]): StrokeGeometry {
  const offsets = new Int32Array(strokes.length + 1);
  strokes.forEach((pixels, i) => (offsets[i + 1] = offsets[i]! + pixels.length));
  return { width: WIDTH, height: HEIGHT, offsets, pixels: Int32Array.from(strokes.flat()) };
}

const STROKES = geometry([
  row(5, 2, 10), // 0: a line across, near the top left
  column(30, 2, 15), // 1: a line down, on the right
  row(6, 2, 10), // 2: right under stroke 0, drawn after it
  [at(15, 18)], // 3: a dot just left of a grid cell's edge (x 16)
  [...row(20, 2, 12), ...column(12, 12, 19)], // 4: an L, lower left
]);

describe('picking a stroke by a click', () => {
  const index = new StrokeIndex(STROKES);

  it('finds the stroke under the pointer, or the nearest within the tolerance', () => {
    expect(index.hit({ x: 6.5, y: 5.5 }, 2)).toBe(0);
    expect(index.hit({ x: 6.5, y: 6.9 }, 2)).toBe(2);
    expect(index.hit({ x: 28, y: 8.5 }, 3)).toBe(1);
  });

  it('finds nothing farther than the tolerance', () => {
    expect(index.hit({ x: 28, y: 8.5 }, 2)).toBe(-1);
    expect(index.hit({ x: 21, y: 11 }, 4)).toBe(-1);
  });

  it('takes the stroke drawn last of two equally near (it is on top)', () => {
    expect(index.hit({ x: 6.5, y: 6 }, 2)).toBe(2);
  });

  it('finds a stroke in the next cell of the grid', () => {
    expect(index.hit({ x: 17.5, y: 18.5 }, 3)).toBe(3);
  });
});

describe('the lasso', () => {
  const index = new StrokeIndex(STROKES);
  const box = (x0: number, y0: number, x1: number, y1: number) => [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];

  it('selects the strokes wholly inside it, in drawing order', () => {
    expect(index.lasso(box(1, 3, 12, 8))).toEqual([0, 2]);
    expect(index.lasso(box(0, 0, WIDTH, HEIGHT))).toEqual([0, 1, 2, 3, 4]);
  });

  it('leaves out a stroke only partly inside', () => {
    // Stroke 0 and 2 run from x 2 to 10: this lasso ends at x 7.
    expect(index.lasso(box(1, 3, 7, 8))).toEqual([]);
    // The L's foot is inside, its upright is not.
    expect(index.lasso(box(1, 18, 14, 22))).toEqual([]);
  });

  it('follows the outline drawn, not its bounding box', () => {
    // A triangle over the right half: the line down at x 30 is inside, the dot at x 15 is not.
    const triangle = [
      { x: 24, y: 0 },
      { x: 36, y: 0 },
      { x: 36, y: 23 },
    ];
    expect(index.lasso(triangle)).toEqual([]);
    const wedge = [
      { x: 26, y: 0 },
      { x: 38, y: 0 },
      { x: 38, y: 23 },
      { x: 26, y: 23 },
      { x: 14, y: 12 },
    ];
    expect(index.lasso(wedge)).toEqual([1]);
  });

  it('needs an outline of three points or more', () => {
    expect(
      index.lasso([
        { x: 0, y: 0 },
        { x: 40, y: 24 },
      ]),
    ).toEqual([]);
  });
});
