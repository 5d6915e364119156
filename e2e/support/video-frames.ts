/** Frames of a finished MP4 as grey pixels, decoded by the same ffmpeg build the engine ships. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/** One frame: luma 0-255, row-major. */
export interface GreyFrame {
  width: number;
  height: number;
  luma: Uint8Array;
}

const run = promisify(execFile);

async function decode(file: string, before: string[], after: string[]): Promise<GreyFrame[]> {
  const { stdout, stderr } = await run(
    ffmpeg.path,
    ['-hide_banner', ...before, '-i', file, ...after, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
  );
  const size = /Video: .*?, (\d{2,5})x(\d{2,5})[, ]/.exec(stderr.toString('utf8'));
  if (!size) throw new Error(`no video stream in ${file}`);
  const [width, height] = [Number(size[1]), Number(size[2])];
  const frames: GreyFrame[] = [];
  for (let at = 0; at + width * height <= stdout.length; at += width * height)
    frames.push({ width, height, luma: stdout.subarray(at, at + width * height) });
  return frames;
}

/** The first `count` frames. */
export const firstFrames = (file: string, count: number) =>
  decode(file, [], ['-frames:v', String(count)]);

/** The last frame (the end of the hold). */
export async function lastFrame(file: string): Promise<GreyFrame> {
  const frames = await decode(file, ['-sseof', '-0.3'], ['-update', '1', '-frames:v', '1']);
  const frame = frames.at(-1);
  if (!frame) throw new Error(`no frame decoded from ${file}`);
  return frame;
}

/** The frames numbered `numbers` (from 0), in the order asked. */
export async function framesAt(file: string, numbers: readonly number[]): Promise<GreyFrame[]> {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const select = sorted.map((n) => `eq(n\\,${n})`).join('+');
  const frames = await decode(file, [], ['-vf', `select=${select}`, '-vsync', '0']);
  if (frames.length !== sorted.length)
    throw new Error(`frames ${sorted.join(', ')} not all in ${file}`);
  return numbers.map((n) => frames[sorted.indexOf(n)]!);
}

/** How many frames the video stream has, every one decoded. */
export async function frameCount(file: string): Promise<number> {
  const { stderr } = await run(
    ffmpeg.path,
    ['-hide_banner', '-i', file, '-map', '0:v', '-f', 'null', '-'],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const counts = [...stderr.matchAll(/frame=\s*(\d+)/g)];
  const last = counts.at(-1);
  if (!last) throw new Error(`no frame count for ${file}`);
  return Number(last[1]);
}

/** The luma at (x, y), clamped to the frame. */
export function lumaAt(frame: GreyFrame, x: number, y: number): number {
  const cx = Math.min(frame.width - 1, Math.max(0, Math.round(x)));
  const cy = Math.min(frame.height - 1, Math.max(0, Math.round(y)));
  return frame.luma[cy * frame.width + cx]!;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The x of each pixel darker than `below`. */
export function inkXs(frame: GreyFrame, below = 128): number[] {
  const xs: number[] = [];
  for (let p = 0; p < frame.luma.length; p++) if (frame.luma[p]! < below) xs.push(p % frame.width);
  return xs;
}

/** The value below which `share` (0-1) of the values lie. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
}
