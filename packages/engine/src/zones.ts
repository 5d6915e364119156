import type { ZoneShape } from './types.js';

/** What rasterizing reads of a zone. */
export type ZoneArea = Pick<ZoneShape, 'points' | 'brushSize'>;

/**
 * Pixel tests rasterizing may spend on the zones. A person's zones, even many wide ones on a 1080p
 * frame, cost less; a payload that would cost more (a hundred thousand points with the widest
 * brush) is rasterized on a coarser grid instead, so its cost is bounded by this, not by how many
 * points it spells (about a second at worst).
 */
const ZONE_PIXEL_TEST_BUDGET = 150_000_000;

/**
 * Rasterizes zones into a map: 0 outside every zone, i + 1 inside zone i. A zone's area is the
 * polyline through its points thickened by its brush (discs at the points plus the segments between).
 * Where zones overlap, the first one in the list wins (it is drawn first). Coordinates and brush
 * sizes are multiplied by `scale` (image pixels -> working pixels).
 */
export function rasterizeZones(
  width: number,
  height: number,
  zones: readonly ZoneArea[],
  scale = 1,
): Uint8Array {
  const cell = coarseness(width, height, zones, scale);
  if (cell === 1) return paintZones(width, height, zones, scale);
  // Each cell of the coarse map stands for cell x cell pixels, tested at its centre.
  const coarseWidth = Math.ceil(width / cell);
  const coarse = paintZones(coarseWidth, Math.ceil(height / cell), zones, scale / cell);
  const map = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * coarseWidth;
    for (let x = 0; x < width; x++) map[y * width + x] = coarse[row + Math.floor(x / cell)]!;
  }
  return map;
}

/** The smallest power of two cell size whose grid rasterizes the zones within the budget. */
export function coarseness(
  width: number,
  height: number,
  zones: readonly ZoneArea[],
  scale: number,
): number {
  let cell = 1;
  const longSide = Math.max(width, height);
  while (cell < longSide) {
    const [gridWidth, gridHeight] = [Math.ceil(width / cell), Math.ceil(height / cell)];
    let cost = 0;
    forEachCapsule(zones, scale / cell, (capsule) => {
      const { x0, x1, y0, y1 } = capsuleBox(gridWidth, gridHeight, capsule);
      // One for the segment itself, however far outside the picture it lies.
      cost += 1 + Math.max(0, x1 - x0 + 1) * Math.max(0, y1 - y0 + 1);
    });
    if (cost <= ZONE_PIXEL_TEST_BUDGET) break;
    cell *= 2;
  }
  return cell;
}

function paintZones(
  width: number,
  height: number,
  zones: readonly ZoneArea[],
  scale: number,
): Uint8Array {
  const map = new Uint8Array(width * height);
  forEachCapsule(zones, scale, (capsule, value) =>
    paintCapsule(map, width, height, capsule, value),
  );
  return map;
}

/** A segment from a to b thickened by r (a disc when a is b). */
interface Capsule {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  r: number;
}

/**
 * Each zone's capsules (a segment between consecutive points, or the lone point's disc), scaled,
 * with the zone's value (i + 1), from the last zone to the first so the first paints over the others.
 */
function forEachCapsule(
  zones: readonly ZoneArea[],
  scale: number,
  visit: (capsule: Capsule, value: number) => void,
): void {
  for (let z = Math.min(zones.length, 255) - 1; z >= 0; z--) {
    const zone = zones[z];
    if (!zone) continue;
    const r = Math.max(0.5, (zone.brushSize * scale) / 2);
    const pts = zone.points;
    const segments = Math.max(1, pts.length - 1);
    for (let i = 0; i < segments; i++) {
      const a = pts[i];
      const b = pts[i + 1] ?? a;
      if (!a || !b) continue;
      visit({ ax: a.x * scale, ay: a.y * scale, bx: b.x * scale, by: b.y * scale, r }, z + 1);
    }
  }
}

/** The pixels a capsule's bounding box covers within the map (empty when x0 > x1 or y0 > y1). */
export function capsuleBox(width: number, height: number, { ax, ay, bx, by, r }: Capsule) {
  return {
    x0: Math.max(0, Math.floor(Math.min(ax, bx) - r)),
    x1: Math.min(width - 1, Math.ceil(Math.max(ax, bx) + r)),
    y0: Math.max(0, Math.floor(Math.min(ay, by) - r)),
    y1: Math.min(height - 1, Math.ceil(Math.max(ay, by) + r)),
  };
}

function paintCapsule(
  map: Uint8Array,
  width: number,
  height: number,
  capsule: Capsule,
  value: number,
): void {
  const { ax, ay, bx, by, r } = capsule;
  const { x0, x1, y0, y1 } = capsuleBox(width, height, capsule);
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const r2 = r * r;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5 - ay;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5 - ax;
      let t = len2 > 0 ? (px * dx + py * dy) / len2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = px - t * dx;
      const ey = py - t * dy;
      if (ex * ex + ey * ey <= r2) map[y * width + x] = value;
    }
  }
}
