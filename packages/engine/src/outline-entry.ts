/** Browser-safe entry (`@rasma/engine/outline`): nothing here imports Node modules. */
export { outline, outlineToGrey, outlineToRgba, xdogTone, toLuma } from './outline.js';
export type { OutlineParams, OutlineResult } from './outline.js';
export { rasterizeZones } from './zones.js';
export { DIRECTIONS } from './types.js';
export type { Direction, Point, RgbaImage, ZoneShape } from './types.js';
