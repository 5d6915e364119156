/** @rasma/engine: image -> outline -> strokes -> frames -> MP4. Node entry (uses sharp and ffmpeg). */
export { renderSketchVideo } from './render.js';
export type { RenderParams, RenderResult } from './render.js';
export type { SoundFiles } from './sound.js';
export { readAudioFile, storeAudioFile } from './audio-file.js';
export type { AudioFileInfo, ReadAudio, StoreAudioParams } from './audio-file.js';
export { probeImage, MAX_INPUT_PIXELS } from './decode.js';
export { previewOutline } from './preview.js';
export type { PreviewParams } from './preview.js';
export { parseRenderOptions } from './options.js';
export type { RenderOptions, RenderOptionsInput, StrokeMask } from './options.js';
export type { Point, ZoneShape } from './types.js';
export { EngineError } from './errors.js';
export type { EngineErrorCode } from './errors.js';
export { resolveFfmpeg } from './ffmpeg.js';
export type { FfmpegInfo, ResolveFfmpegOptions } from './ffmpeg.js';
export { RENDER_MALLOC_ENV, RENDER_NODE_FLAGS } from './allocator.js';
export { renderStoryVideo } from './story-render.js';
export type {
  SceneSettings,
  StoryRenderParams,
  StoryRenderResult,
  StorySceneInput,
} from './story-params.js';
export { makeGif, makeWebm } from './export-files.js';
export type { ExportParams, GifResult, GifStep } from './export-files.js';
