/**
 * The files a video can be had as besides its MP4: a WebM and an animated GIF made from the
 * finished MP4 (no drawing again), and the arguments of the transparent WebM's encoder, which the
 * render feeds the same frames as the MP4's (`story-render.ts`). Node only.
 */
import { stat } from 'node:fs/promises';
import { GIF_LIMITS } from '@rasma/contract/exports';
import { holdFilter, rawFramesInput } from './encoder.js';
import type { EncodeSettings } from './encoder.js';
import { EngineError } from './errors.js';
import { runFfmpegOrFail } from './ffmpeg-run.js';

/**
 * VP9's speed and quality, as measured on drawings (`docs/performance.md`): libvpx's fastest
 * (`realtime`, speed 8: a 15 s 1080p drawing in 6 s on two cores, where `good` at its fastest took
 * 39 s for a file 20 % smaller), rows in parallel, a constant quality (`-b:v 0`) that keeps the
 * lines clean.
 */
const VP9_ARGS = [
  '-c:v',
  'libvpx-vp9',
  '-crf',
  '34',
  '-b:v',
  '0',
  '-deadline',
  'realtime',
  '-cpu-used',
  '8',
  '-row-mt',
  '1',
  '-tile-columns',
  '2',
  '-threads',
  '2',
] as const;

/** What making an export from a finished MP4 takes. */
export interface ExportParams {
  ffmpegPath: string;
  /** The finished MP4. */
  input: string;
  output: string;
  signal?: AbortSignal;
}

/**
 * A WebM of the MP4: VP9 with Opus when the MP4 has sound, every frame kept with its time (the
 * same frame count and duration).
 */
export async function makeWebm({ ffmpegPath, input, output, signal }: ExportParams): Promise<void> {
  await runFfmpegOrFail(
    ffmpegPath,
    [
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vsync',
      'passthrough',
      ...VP9_ARGS,
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'libopus',
      '-b:a',
      '96k',
      '-y',
      output,
    ],
    { signal },
    'The WebM could not be made',
  );
}

/** A GIF's longer side in pixels and its frames a second. */
export interface GifStep {
  longSide: number;
  fps: number;
}

export interface GifResult {
  bytes: number;
  /** The size and frame rate that kept it under `GIF_LIMITS.maxBytes`. */
  step: GifStep;
}

/**
 * An animated GIF of the MP4 under `maxBytes`: each step's size and frame rate in turn (the next
 * only when the one before is over), with a palette made for the video. Throws FFMPEG_FAILED when
 * even the last step is over.
 */
export async function makeGif(
  params: ExportParams & { tempPalette: string },
  limits: { maxBytes: number; steps: readonly GifStep[] } = GIF_LIMITS,
): Promise<GifResult> {
  let bytes = 0;
  for (const step of limits.steps) {
    await gifAt(params, step);
    bytes = (await stat(params.output)).size;
    if (bytes <= limits.maxBytes) return { bytes, step };
  }
  throw new EngineError(
    'FFMPEG_FAILED',
    `The GIF is ${bytes} bytes even at its smallest step, over its limit of ${limits.maxBytes}`,
  );
}

/**
 * One GIF at one step, in two passes: the palette from the whole video (`stats_mode=diff`: the
 * colours of what changes, the hand and the new ink, count most, not the paper every frame
 * repeats), then the frames on it. Ordered (Bayer) dithering: the same pixel dithers the same way
 * in every frame, so a still drawing does not shimmer, and `diff_mode=rectangle` stores only what
 * changed, which an ordered dither keeps small.
 */
async function gifAt(params: ExportParams & { tempPalette: string }, step: GifStep) {
  const { ffmpegPath, input, output, signal, tempPalette } = params;
  const side = step.longSide;
  const frames = [
    `fps=${step.fps}`,
    `scale=w='if(gte(iw,ih),min(${side},iw),-2)':h='if(gte(iw,ih),-2,min(${side},ih))':flags=lanczos`,
  ].join(',');
  await runFfmpegOrFail(
    ffmpegPath,
    ['-i', input, '-vf', `${frames},palettegen=stats_mode=diff`, '-y', tempPalette],
    { signal },
    "The GIF's palette could not be made",
  );
  await runFfmpegOrFail(
    ffmpegPath,
    [
      '-i',
      input,
      '-i',
      tempPalette,
      '-lavfi',
      `[0:v]${frames}[x];[x][1:v]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle`,
      '-loop',
      '0',
      '-y',
      output,
    ],
    { signal },
    'The GIF could not be made',
  );
}

/**
 * The transparent WebM's encoder: the render's yuv420p frames on stdin, the paper (white) keyed
 * out to alpha 0 with a narrow soft edge (so anti-aliased ink edges fade rather than fringe), then
 * VP9 with an alpha plane. Everything that is not paper (ink, colour, text and the hand) stays
 * opaque and keeps its colour. No sound: it is a layer for a video editor, over the editor's own.
 */
export function transparentWebmArgs(s: EncodeSettings): string[] {
  return [
    ...rawFramesInput(s),
    '-vf',
    [
      ...holdFilter(s),
      'format=rgba',
      `colorkey=0xFFFFFF:${PAPER_KEY.similarity}:${PAPER_KEY.blend}`,
      'format=yuva420p',
    ].join(','),
    '-an',
    ...VP9_ARGS,
    '-pix_fmt',
    'yuva420p',
    '-auto-alt-ref',
    '0',
    '-y',
    s.output,
  ];
}

/**
 * How close to the paper's white a pixel is keyed out (ffmpeg's `colorkey`, distances from 0 to
 * 1): within `similarity` it is paper (alpha 0), from `similarity + blend` it is opaque, between it
 * fades. The lightest colour a drawing has, the hand's highlight (#fbeee6), is 0.07 away.
 */
const PAPER_KEY = { similarity: 0.01, blend: 0.03 } as const;
