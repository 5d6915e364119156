import type { ZoneShape } from './types.js';

/**
 * Rasterizes zones into a map: 0 outside every zone, i + 1 inside zone i. A zone's area is the
 * polyline through its points thickened by its brush (discs at the points plus the segments between).
 * Where zones overlap, the first one in the list wins (it is drawn first). Coordinates and brush
 * sizes are multiplied by `scale` (image pixels -> working pixels).
 */
export function rasterizeZones(
  width: number,
  height: number,
  zones: readonly ZoneShape[],
  scale = 1,
): Uint8Array {
  const map = new Uint8Array(width * height);
  for (let z = Math.min(zones.length, 255) - 1; z >= 0; z--) {
    const zone = zones[z];
    if (!zone) continue;
    const r = Math.max(0.5, (zone.brushSize * scale) / 2);
    const pts = zone.points;
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i];
      const b = pts[i + 1] ?? a;
      if (!a || !b) continue;
      if (i > 0 && i === pts.length - 1 && pts.length > 1) break;
      paintCapsule(
        map,
        width,
        height,
        a.x * scale,
        a.y * scale,
        b.x * scale,
        b.y * scale,
        r,
        z + 1,
      );
    }
  }
  return map;
}

function paintCapsule(
  map: Uint8Array,
  width: number,
  height: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  value: number,
): void {
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + r));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + r));
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
