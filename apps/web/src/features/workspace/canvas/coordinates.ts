import { ZONE_LIMITS, type Point } from '@/lib/contract';

export interface Size {
  width: number;
  height: number;
}

/** Where the image is shown on screen (a `getBoundingClientRect()`). */
export interface ShownRect extends Size {
  left: number;
  top: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A pointer at `client` (viewport pixels) as a point of the image in its own pixels, whatever size
 * it is shown at: zones are sent in the image's coordinates. Points past an edge are kept on it.
 */
export function toImagePoint(client: Point, shown: ShownRect, natural: Size): Point {
  return {
    x: clamp(((client.x - shown.left) * natural.width) / shown.width, 0, natural.width),
    y: clamp(((client.y - shown.top) * natural.height) / shown.height, 0, natural.height),
  };
}

/** A brush `screenSize` pixels wide on screen, in the image's pixels (within the server's limit). */
export function toImageBrushSize(screenSize: number, shown: Size, natural: Size): number {
  return Math.min(ZONE_LIMITS.maxBrushSize, (screenSize * natural.width) / shown.width);
}
