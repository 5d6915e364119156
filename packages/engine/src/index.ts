/** @rasma/engine: image -> outline -> strokes -> frames -> MP4. Node entry (uses sharp and ffmpeg). */
export { renderSketchVideo } from './render.js';
export type { RenderParams, RenderResult } from './render.js';
export { outline, outlineToGrey, outlineToRgba } from './outline.js';
export type { OutlineParams, OutlineResult } from './outline.js';
export { decodeImage, probeImage, MAX_INPUT_PIXELS } from './decode.js';
export type { DecodedImage, DecodeOptions } from './decode.js';
export { outlinePng, previewOutline } from './preview.js';
export type { PreviewParams } from './preview.js';
export {
  renderOptionsSchema,
  strokeMaskSchema,
  directionSchema,
  aiModelSchema,
  outputSizeSchema,
  videoShapeSchema,
  parseRenderOptions,
} from './options.js';
export type {
  RenderOptions,
  RenderOptionsInput,
  StrokeMask,
  AiModel,
  OutputSize,
  VideoShape,
} from './options.js';
export { DIRECTIONS } from './types.js';
export type { Direction, Point, RgbaImage, ZoneShape } from './types.js';
export { EngineError, isEngineError } from './errors.js';
export type { EngineErrorCode } from './errors.js';
export { resolveFfmpeg } from './ffmpeg.js';
export { RENDER_MALLOC_ENV } from './allocator.js';
export type { FfmpegInfo, ResolveFfmpegOptions } from './ffmpeg.js';
export { colourSeconds, HOLD_SECONDS, FPS } from './timeline.js';
