import { describe, expect, it } from 'vitest';
import type { Point } from '@/lib/contract';
import { simplifyPath } from './simplify-path';

const line = (n: number, at: (i: number) => Point) => Array.from({ length: n }, (_, i) => at(i));

describe('a zone path simplified', () => {
  it('keeps only the ends of a straight stroke, however many points it had', () => {
    const stroke = line(1000, (i) => ({ x: i * 0.7, y: 10 + i * 0.3 }));
    expect(simplifyPath(stroke, 0.5)).toEqual([stroke[0], stroke[999]]);
  });

  it('keeps the corners of a path, and the wobbles larger than the tolerance', () => {
    const there = line(50, (i) => ({ x: i, y: 0 }));
    const back = line(50, (i) => ({ x: 49, y: i + 1 }));
    const corner = simplifyPath([...there, ...back], 0.5);
    expect(corner).toEqual([
      { x: 0, y: 0 },
      { x: 49, y: 0 },
      { x: 49, y: 50 },
    ]);
    const wobbly = line(9, (i) => ({ x: i, y: i === 4 ? 0.6 : 0 }));
    expect(simplifyPath(wobbly, 0.5)).toContainEqual({ x: 4, y: 0.6 });
    const steady = line(9, (i) => ({ x: i, y: i === 4 ? 0.4 : 0 }));
    expect(simplifyPath(steady, 0.5)).toHaveLength(2);
  });

  it('strays no further than the tolerance from any point painted', () => {
    const circle = line(5000, (i) => ({
      x: 500 + 300 * Math.cos(i / 400),
      y: 500 + 300 * Math.sin(i / 400),
    }));
    const simplified = simplifyPath(circle, 0.5);
    expect(simplified.length).toBeLessThan(circle.length / 10);
    expect(simplified[0]).toBe(circle[0]);
    expect(simplified.at(-1)).toBe(circle.at(-1));
    for (const p of circle) {
      const nearest = Math.min(
        ...simplified.slice(1).map((b, i) => segmentDistance(p, simplified[i] as Point, b)),
      );
      expect(nearest).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });

  it('leaves a dab (one or two points) and a path that goes back on itself whole', () => {
    expect(simplifyPath([{ x: 3, y: 4 }], 0.5)).toEqual([{ x: 3, y: 4 }]);
    const loop = [
      { x: 0, y: 0 },
      { x: 40, y: 0 },
      { x: 0, y: 0 },
    ];
    expect(simplifyPath(loop, 0.5)).toEqual(loop);
  });
});

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
}
