/** Plain types shared by the browser-safe steps (no runtime imports here but the constants). */
export { DIRECTIONS, type Direction } from '@rasma/contract/constants';

export interface Point {
  x: number;
  y: number;
}

/** A zone as the outline step needs it: painted area and fill level 0-100. */
export interface ZoneShape {
  points: readonly Point[];
  brushSize: number;
  fillLevel: number;
}

/** Raw pixels, 4 bytes per pixel (RGBA), row-major. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}
