import type { Point } from '@/lib/contract';

/** Squared distance from `p` to the segment from `a` to `b`. */
function squaredDistanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t =
    length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  const x = a.x + t * dx - p.x;
  const y = a.y + t * dy - p.y;
  return x * x + y * y;
}

/**
 * The path with the points it can do without (Ramer-Douglas-Peucker): no point of the original is
 * further than `tolerance` from the simplified path. The first and last points stay. Iterative, so
 * a long path does not overflow the stack.
 */
export function simplifyPath(points: readonly Point[], tolerance: number): Point[] {
  const last = points.length - 1;
  if (last < 2) return [...points];
  const kept = new Uint8Array(points.length);
  kept[0] = kept[last] = 1;
  const spans: [number, number][] = [[0, last]];
  const limit = tolerance * tolerance;
  for (let span = spans.pop(); span; span = spans.pop()) {
    const [from, to] = span;
    const a = points[from] as Point;
    const b = points[to] as Point;
    let farthest = -1;
    let farthestDistance = limit;
    for (let i = from + 1; i < to; i++) {
      const distance = squaredDistanceToSegment(points[i] as Point, a, b);
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest > 0) {
      kept[farthest] = 1;
      spans.push([from, farthest], [farthest, to]);
    }
  }
  return points.filter((_, i) => kept[i] === 1);
}
