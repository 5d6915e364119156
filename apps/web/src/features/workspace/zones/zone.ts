import {
  DEFAULT_DIRECTION,
  FILL_LEVEL,
  type Direction,
  type Point,
  type StrokeMask,
} from '@/lib/contract';

/** A Special Zone as painted: a path in the image's pixels, drawn in the list's order. */
export type Zone = StrokeMask;

/** What a zone's own settings may change. */
export type ZoneSettings = Partial<{ direction: Direction; fillLevel: number }>;

/** A zone just painted, with the default direction and fill; its id is the time it was made. */
export function newZone(points: Point[], brushSize: number, now = Date.now()): Zone {
  return {
    id: String(now),
    points,
    brushSize,
    direction: DEFAULT_DIRECTION,
    fillLevel: FILL_LEVEL.zoneDefault,
  };
}
