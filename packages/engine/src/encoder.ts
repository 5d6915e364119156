/** Encoding: a small sink interface and the ffmpeg implementation fed yuv420p frames on stdin. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { FFMPEG_MALLOC_ENV } from './allocator.js';
import { EngineError } from './errors.js';

export interface FrameSink {
  start(): Promise<void>;
  /** Queues one yuv420p frame; the bytes are copied, so the caller may reuse its buffer. */
  frame(data: Uint8Array): Promise<void>;
  finish(): Promise<void>;
  /** Stops at once (cancel); safe to call at any time. */
  abort(): void;
  /** Lets go of the buffers it keeps for the next frames (between a story's scenes). */
  releaseBuffers?(): void;
  /** Waits for its processes to end (a failed render removes its folder after). */
  closed?(): Promise<void>;
}

/** Hands each frame to several sinks (the MP4's encoder and the transparent WebM's). */
export class TeeSink implements FrameSink {
  constructor(private readonly sinks: readonly FrameSink[]) {}

  async start(): Promise<void> {
    await Promise.all(this.sinks.map((s) => s.start()));
  }

  async frame(data: Uint8Array): Promise<void> {
    await Promise.all(this.sinks.map((s) => s.frame(data)));
  }

  async finish(): Promise<void> {
    await Promise.all(this.sinks.map((s) => s.finish()));
  }

  abort(): void {
    for (const s of this.sinks) s.abort();
  }

  releaseBuffers(): void {
    for (const s of this.sinks) s.releaseBuffers?.();
  }

  async closed(): Promise<void> {
    for (const s of this.sinks) await s.closed?.();
  }
}

export interface EncodeSettings {
  width: number;
  height: number;
  fps: number;
  /** Frames the engine sends (the drawing and the colour phase or the hand leaving). */
  frames: number;
  /** Frames ffmpeg adds at the end by repeating the last frame (the hold). */
  holdFrames: number;
  preset: string;
  /** x264 options on top of the preset (`X264_TUNING` for the engine's, '' for the preset alone). */
  tuning: string;
  crf: number;
  output: string;
}

/** x264 preset chosen by measurement (see README): the best size / speed trade-off here. */
export const DEFAULT_PRESET = 'superfast';
export const DEFAULT_CRF = 20;
/**
 * A key frame every this many seconds of what the engine draws (a default video holds one, seeking
 * stays quick), and none in the hold: a still needs none, and a key frame of a finished colour
 * picture costs more than its whole colour phase.
 */
const KEYFRAME_SECONDS = 20;
/**
 * The engine's tuning of its preset, each measured on drawings (see README):
 * - The macroblock tree (off in the fast presets) spends bits on what later frames reuse: a
 *   drawing grows on still paper, so the finished lines are coded once, well, and referenced ever
 *   after. A 17 s 1080p drawing 2.46 -> 1.45 MB, no slower (a short look-ahead keeps ffmpeg's
 *   memory near the preset's own).
 * - No deblocking filter: it softens hatching that is all fine edges, and costs a tenth of the
 *   encoder's time. Same size, 0.04 dB from the engine's frames, the hatching a little crisper.
 * - Whole-pixel motion search (`subme=0`) and two reference frames: the paper stands still and the
 *   hand moves in whole (even) pixels, so sub-pixel refinement finds nothing; a second reference
 *   finds what the hand uncovers. 7-12 % less encoder time, 1-4 % smaller, the same PSNR.
 * - 8x8 partitions for motion (the preset searches 16x16 only): a block half hand, half still
 *   paper moves as two. 1 % smaller, the same time and PSNR.
 * - No B-frames: a drawing only ever adds to the frame before, which a P-frame predicts as well.
 *   Deciding where B-frames go is a quarter of the encoder's time; without them the night photo's
 *   drawing is 0.4 % larger and 0.2 dB closer to the engine's frames. (They would pay off in
 *   fades, so the colour is laid in without one: each pixel takes its colour in one frame.)
 */
export const X264_TUNING =
  'mbtree=1:rc-lookahead=5:no-deblock=1:ref=2:subme=0:partitions=i8x8,i4x4,p8x8:bframes=0';
/** Key frames only where `ffmpegArgs` forces them: never by x264's own interval or scene cuts. */
const FORCED_KEYFRAMES_ONLY = 'keyint=infinite:scenecut=0';

/** ffmpeg's input: the engine's raw yuv420p frames on stdin. */
export const rawFramesInput = (s: EncodeSettings): string[] => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-f',
  'rawvideo',
  '-pix_fmt',
  'yuv420p',
  '-s:v',
  `${s.width}x${s.height}`,
  '-framerate',
  String(s.fps),
  '-i',
  'pipe:0',
];

/** The filter that makes the hold: the last frame repeated `holdFrames` times. */
export const holdFilter = (s: EncodeSettings): string[] =>
  s.holdFrames > 0 ? [`tpad=stop_mode=clone:stop=${s.holdFrames}`] : [];

/** The ffmpeg argument list for encoding raw yuv420p frames from stdin to an H.264 MP4. */
export function ffmpegArgs(s: EncodeSettings): string[] {
  const hold = holdFilter(s);
  return [
    ...rawFramesInput(s),
    ...(hold.length > 0 ? ['-vf', hold.join(',')] : []),
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    s.preset,
    '-crf',
    String(s.crf),
    '-force_key_frames',
    `expr:lt(n,${s.frames})*not(mod(n,${s.fps * KEYFRAME_SECONDS}))`,
    '-x264-params',
    [FORCED_KEYFRAMES_ONLY, s.tuning].filter(Boolean).join(':'),
    '-pix_fmt',
    'yuv420p',
    '-colorspace',
    'bt709',
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    '-color_range',
    'tv',
    '-r',
    String(s.fps),
    '-movflags',
    '+faststart',
    '-y',
    s.output,
  ];
}

/**
 * The environment ffmpeg runs in: this process's, with ffmpeg's own malloc settings (the
 * benchmark's encode of the engine's own frames runs it the same way).
 */
export const ffmpegEnv = (): NodeJS.ProcessEnv => ({ ...process.env, ...FFMPEG_MALLOC_ENV });

/** How many frames may be queued in the pipe before `frame()` waits for ffmpeg. */
const IN_FLIGHT = 3;

export class FfmpegEncoder implements FrameSink {
  private child: ChildProcess | undefined;
  private exit: Promise<number | null> | undefined;
  private stderr = '';
  private failure: Error | undefined;
  private inFlight = 0;
  private waiters: (() => void)[] = [];
  private readonly pool: Uint8Array[] = [];

  constructor(
    private readonly ffmpegPath: string,
    private readonly args: readonly string[],
  ) {}

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.ffmpegPath, this.args, {
        stdio: ['pipe', 'ignore', 'pipe'],
        env: ffmpegEnv(),
      });
      this.child = child;
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        this.stderr = (this.stderr + chunk).slice(-4000);
      });
      child.stdin?.on('error', (error) => {
        this.failure ??= error;
        this.release(Infinity);
      });
      this.exit = new Promise((done) => {
        child.on('close', (code) => {
          this.release(Infinity);
          done(code);
        });
      });
      child.once('error', (error: NodeJS.ErrnoException) => {
        this.failure = error;
        reject(
          error.code === 'ENOENT'
            ? new EngineError('FFMPEG_MISSING', `ffmpeg was not found at ${this.ffmpegPath}.`, {
                cause: error,
              })
            : new EngineError('FFMPEG_FAILED', `ffmpeg could not start: ${error.message}`, {
                cause: error,
              }),
        );
      });
      child.once('spawn', () => resolve());
    });
  }

  private release(count: number): void {
    this.inFlight = Math.max(0, this.inFlight - count);
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  async frame(data: Uint8Array): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.failure || stdin.destroyed) throw await this.failed();
    while (this.inFlight >= IN_FLIGHT && !this.failure) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    if (this.failure) throw await this.failed();
    const buffer = this.pool.pop() ?? new Uint8Array(data.length);
    buffer.set(data);
    this.inFlight++;
    stdin.write(buffer, () => {
      this.pool.push(buffer);
      this.release(1);
    });
  }

  releaseBuffers(): void {
    this.pool.length = 0;
  }

  async finish(): Promise<void> {
    const child = this.child;
    if (!child || !this.exit) throw new EngineError('FFMPEG_FAILED', 'ffmpeg was not started.');
    child.stdin?.end();
    const code = await this.exit;
    if (code !== 0) throw await this.failed();
  }

  abort(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  /** Waits for the process to end. */
  async closed(): Promise<void> {
    await this.exit;
  }

  private async failed(): Promise<EngineError> {
    this.abort();
    const code = await this.exit;
    const tail = this.stderr.trim().split('\n').slice(-5).join('\n');
    return new EngineError(
      'FFMPEG_FAILED',
      `ffmpeg failed (exit code ${code ?? 'signal'})${tail ? `: ${tail}` : this.failure ? `: ${this.failure.message}` : ''}`,
    );
  }
}
