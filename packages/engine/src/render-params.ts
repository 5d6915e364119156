/** What a render takes and gives (`renderSketchVideo`, `renderStoryVideo`). */
import type { EncodeSettings, FrameSink } from './encoder.js';
import type { FfmpegInfo } from './ffmpeg.js';
import type { RenderOptionsInput } from './options.js';
import type { PlanWorker } from './parallel.js';
import type { SoundFiles } from './sound.js';

export interface RenderParams {
  /** Image file path or bytes. */
  input: string | Buffer;
  /** Where the MP4 goes (written only when the whole render succeeded). */
  output: string;
  options?: RenderOptionsInput;
  /** Called with whole percentages 0-100, never decreasing. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /**
   * Where the thumbnail (JPEG of the finished picture) goes; default: output with `.jpg` (or
   * `.thumbnail.jpg` when that is the input). Neither output may be the input.
   */
  thumbnail?: string;
  /** A resolved ffmpeg (see resolveFfmpeg); found automatically when absent. */
  ffmpeg?: FfmpegInfo;
  /** Parent of the temporary working directory; default the OS temp dir. */
  tempDir?: string;
  /** Receives one-line log messages (which ffmpeg is used, timings). */
  log?: (message: string) => void;
  /**
   * The video's sound: a voice-over and a music bed (file paths, read whole and checked as
   * uploads are), set by `options.audio`. Without either the video is silent, as it always was.
   */
  audio?: SoundFiles;
  /**
   * Where a transparent WebM of the same frames goes (the drawing over nothing: VP9 with alpha),
   * written with the MP4 in the same pass; absent, none is made (and the render is as before).
   */
  transparentOutput?: string;
}

export interface RenderResult {
  output: string;
  thumbnail: string;
  /** Length of the MP4: `frames / FPS` (a voice-over longer than the drawing holds it longer). */
  durationSeconds: number;
  /** Frames in the MP4: those handed to ffmpeg plus the hold it repeats. */
  frames: number;
  width: number;
  height: number;
  /** The transparent WebM, when `transparentOutput` was given. */
  transparentOutput?: string;
}

/** Lower-level knobs for tests and the benchmark; not part of the public contract. */
export interface InternalRenderParams extends RenderParams {
  /** Any long side (tests use small ones); overrides options.size. */
  longSide?: number;
  preset?: string;
  crf?: number;
  /** Replace the ffmpeg encoder (the benchmark records frames with it). */
  sink?: (settings: EncodeSettings, ffmpeg: FfmpegInfo) => FrameSink;
  /** The planning's second thread (tests pass a closed one: this thread then plans alone). */
  planWorker?: PlanWorker;
}
