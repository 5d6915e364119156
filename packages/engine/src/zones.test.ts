import { describe, expect, it } from 'vitest';
import type { Point } from './types.js';
import { coarseness, rasterizeZones, type ZoneArea } from './zones.js';

/** A repeatable pseudo-random sequence in [0, 1). */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** The definition, pixel by pixel: the first zone whose polyline lies within its brush's radius. */
function expectedZone(x: number, y: number, zones: readonly ZoneArea[]): number {
  const px = x + 0.5;
  const py = y + 0.5;
  for (let z = 0; z < zones.length; z++) {
    const { points, brushSize } = zones[z]!;
    const r = Math.max(0.5, brushSize / 2);
    if (Math.min(...segmentDistances(px, py, points)) <= r) return z + 1;
  }
  return 0;
}

function distanceToSegment(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - a.x) * dx + (py - a.y) * dy) / len2)) : 0;
  return Math.hypot(px - a.x - t * dx, py - a.y - t * dy);
}

const scatter = (count: number, width: number, height: number, next: () => number): Point[] =>
  Array.from({ length: count }, () => ({ x: next() * width, y: next() * height }));

describe('rasterizeZones', () => {
  it('paints exactly the pixels within each brush of a person-sized payload, the first zone over the later ones', () => {
    const next = random(7);
    const zones: ZoneArea[] = [
      { points: [{ x: 30, y: 30 }], brushSize: 20 },
      { points: scatter(40, 160, 120, next), brushSize: 9 },
      { points: scatter(12, 160, 120, next), brushSize: 35 },
    ];
    expect(coarseness(160, 120, zones, 1)).toBe(1);
    const map = rasterizeZones(160, 120, zones, 1);
    for (let y = 0; y < 120; y++) {
      for (let x = 0; x < 160; x++) expect(map[y * 160 + x]).toBe(expectedZone(x, y, zones));
    }
  });

  it('bounds the cost of a payload of many points with the widest brush by a coarser grid that still paints where the brush went', () => {
    const [width, height] = [1920, 1080];
    const next = random(11);
    // 20,000 points all over the frame with a 500 px brush: each capsule would test about
    // 400,000 pixels, 8 billion in all.
    const wide: ZoneArea = { points: scatter(20_000, width, height, next), brushSize: 500 };
    // A small zone far from the wide one's points keeps its place in the order.
    const first: ZoneArea = { points: [{ x: 100, y: 100 }], brushSize: 40 };
    const zones = [first, wide];
    const cell = coarseness(width, height, zones, 1);
    expect(cell).toBeGreaterThan(1);
    expect(cell).toBeLessThanOrEqual(16);
    const map = rasterizeZones(width, height, zones, 1);
    // Away from every zone's edge by more than a cell's diagonal, the coarse map agrees with the
    // definition.
    const margin = cell * Math.SQRT2;
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      const x = Math.floor(next() * width);
      const y = Math.floor(next() * height);
      const edgeDistance = Math.min(
        ...zones.map((zone) =>
          Math.abs(
            Math.min(...segmentDistances(x + 0.5, y + 0.5, zone.points)) - zone.brushSize / 2,
          ),
        ),
      );
      if (edgeDistance <= margin) continue;
      checked++;
      expect(map[y * width + x]).toBe(expectedZone(x, y, zones));
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('keeps a zone far outside the picture off the map, at no cost', () => {
    const zones: ZoneArea[] = [
      {
        points: [
          { x: -1e9, y: -1e9 },
          { x: -1e9, y: 1e9 },
        ],
        brushSize: 500,
      },
    ];
    expect(coarseness(64, 64, zones, 1)).toBe(1);
    expect(rasterizeZones(64, 64, zones, 1).every((v) => v === 0)).toBe(true);
  });
});

function segmentDistances(px: number, py: number, points: readonly Point[]): number[] {
  if (points.length === 1) return [distanceToSegment(px, py, points[0]!, points[0]!)];
  return points.slice(1).map((b, i) => distanceToSegment(px, py, points[i]!, b));
}
