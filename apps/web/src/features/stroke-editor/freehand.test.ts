import { describe, expect, it } from 'vitest';
import { STROKE_EDIT_LIMITS } from '@/lib/contract';
import { freehandPoints } from './freehand';

describe('a stroke drawn by hand', () => {
  it("keeps the pen's pressure, and takes the middle one from a device that gives none", () => {
    expect(
      freehandPoints([
        { x: 10, y: 20, pressure: 0.8 },
        { x: 30, y: 20, pressure: 0 },
      ]),
    ).toEqual([
      [10, 20, 0.8],
      [30, 20, STROKE_EDIT_LIMITS.defaultPressure],
    ]);
  });

  it('drops samples that add nothing, keeping the end', () => {
    const samples = [0, 0.2, 0.4, 3, 3.1].map((x) => ({ x, y: 0, pressure: 0.5 }));
    expect(freehandPoints(samples).map(([x]) => x)).toEqual([0, 3, 3.1]);
  });

  it('makes a tap a dot: one point twice', () => {
    expect(freehandPoints([{ x: 4, y: 5, pressure: 0.5 }])).toEqual([
      [4, 5, 0.5],
      [4, 5, 0.5],
    ]);
  });

  it("thins a long stroke to the contract's points per stroke, both ends kept", () => {
    const n = STROKE_EDIT_LIMITS.maxPointsPerStroke * 3;
    const samples = Array.from({ length: n }, (_, i) => ({ x: i * 2, y: 7, pressure: 0.5 }));
    const points = freehandPoints(samples);
    expect(points).toHaveLength(STROKE_EDIT_LIMITS.maxPointsPerStroke);
    expect(points[0]).toEqual([0, 7, 0.5]);
    expect(points.at(-1)).toEqual([(n - 1) * 2, 7, 0.5]);
  });
});
