/** Browser-safe entry (`@rasma/engine/outline`): nothing here imports Node modules. */
export { handDrawing } from './hand-drawing.js';
export { outline, outlineToRgba } from './outline.js';
export { HOLD_SECONDS, videoSeconds } from './timeline.js';
export type { OutlineParams, OutlineResult } from './outline.js';
export type { Point, RgbaImage, ZoneShape } from './types.js';
