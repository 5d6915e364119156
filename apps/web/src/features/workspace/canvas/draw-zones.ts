import type { Point } from '@rasma/contract';
import { nextZoneColour, type Zone } from '../zones/zone';

const BADGE_RADIUS = 11;

export interface ZoneDrawing {
  zones: readonly Zone[];
  /** The zone being painted, not in the list yet. */
  painting: Pick<Zone, 'points' | 'brushSize'> | null;
  /** Screen pixels per image pixel. */
  scale: number;
  pixelRatio: number;
}

/**
 * Draws the zones as translucent brush strokes (in the image's pixels) and, over them, each zone's
 * number where it starts (in screen pixels, so it reads the same at any size).
 */
export function drawZones(context: CanvasRenderingContext2D, drawing: ZoneDrawing): void {
  const { zones, painting, scale, pixelRatio } = drawing;
  const { width, height } = context.canvas;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, width, height);

  const toImage = pixelRatio * scale;
  context.setTransform(toImage, 0, 0, toImage, 0, 0);
  for (const zone of zones) strokePath(context, zone, zone.colour);
  if (painting) strokePath(context, painting, nextZoneColour(zones));

  context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  const shown = { width: width / pixelRatio, height: height / pixelRatio };
  zones.forEach((zone, index) => {
    const start = zone.points[0];
    if (start) drawBadge(context, start, scale, shown, { number: index + 1, colour: zone.colour });
  });
}

function strokePath(
  context: CanvasRenderingContext2D,
  { points, brushSize }: Pick<Zone, 'points' | 'brushSize'>,
  colour: string,
): void {
  const [first, ...rest] = points;
  if (!first) return;
  context.globalAlpha = 0.45;
  context.strokeStyle = colour;
  context.lineWidth = brushSize;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.beginPath();
  context.moveTo(first.x, first.y);
  // A single click still leaves a round dab.
  for (const point of rest.length > 0 ? rest : [{ x: first.x + 0.01, y: first.y }]) {
    context.lineTo(point.x, point.y);
  }
  context.stroke();
  context.globalAlpha = 1;
}

function drawBadge(
  context: CanvasRenderingContext2D,
  start: Point,
  scale: number,
  shown: { width: number; height: number },
  badge: { number: number; colour: string },
): void {
  const inside = (value: number, max: number) =>
    Math.min(max - BADGE_RADIUS - 1, Math.max(BADGE_RADIUS + 1, value));
  const x = inside(start.x * scale, shown.width);
  const y = inside(start.y * scale, shown.height);
  context.beginPath();
  context.arc(x, y, BADGE_RADIUS, 0, 2 * Math.PI);
  context.fillStyle = badge.colour;
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = '#fff';
  context.stroke();
  context.fillStyle = '#fff';
  context.font = 'bold 12px ui-sans-serif, system-ui, sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(String(badge.number), x, y + 0.5);
}
