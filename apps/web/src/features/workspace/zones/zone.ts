import {
  DEFAULT_DIRECTION,
  FILL_LEVEL,
  type Direction,
  type Point,
  type StrokeMask,
} from '@/lib/contract';
import { simplifyPath } from './simplify-path';

/**
 * A Special Zone as painted: a path in the image's pixels, drawn in the list's order, shown in its
 * own colour wherever it moves in the list.
 */
export type Zone = StrokeMask & { colour: string };

/** The zones' colours, given in turn. */
const ZONE_COLOURS = ['#4f46e5', '#d97706', '#059669', '#db2777', '#0284c7', '#7c3aed', '#dc2626'];

/** The colour of the next zone: the first no zone has, else the next in turn. */
export function nextZoneColour(zones: readonly Zone[]): string {
  const used = new Set(zones.map((zone) => zone.colour));
  return (
    ZONE_COLOURS.find((colour) => !used.has(colour)) ??
    ZONE_COLOURS[zones.length % ZONE_COLOURS.length] ??
    '#4f46e5'
  );
}

/**
 * How far (image pixels) a committed zone's path may move from the pointer's: far under any brush,
 * so the zone looks the same, with a fraction of the points to save and send.
 */
const ZONE_PATH_TOLERANCE = 0.5;

/** A point to a hundredth of a pixel: shorter JSON, no visible change. */
const rounded = ({ x, y }: Point): Point => ({
  x: Math.round(x * 100) / 100,
  y: Math.round(y * 100) / 100,
});

/** What a zone's own settings may change. */
export type ZoneSettings = Partial<{ direction: Direction; fillLevel: number }>;

/**
 * A zone just painted after `zones`, its path simplified, with the default direction and fill and a
 * colour none of them has; its id is the time it was made.
 */
export function newZone(
  points: Point[],
  brushSize: number,
  zones: readonly Zone[],
  now = Date.now(),
): Zone {
  return {
    id: String(now),
    colour: nextZoneColour(zones),
    points: simplifyPath(points, ZONE_PATH_TOLERANCE).map(rounded),
    brushSize,
    direction: DEFAULT_DIRECTION,
    fillLevel: FILL_LEVEL.zoneDefault,
  };
}
