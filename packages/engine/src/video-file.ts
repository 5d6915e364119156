/** Reading our MP4s back: duration from the container, frames via ffmpeg. Node only. */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { EngineError } from './errors.js';

/** Duration in seconds from the MP4's movie header (mvhd), without ffprobe. */
export async function mp4Duration(path: string): Promise<number> {
  const buf = await readFile(path);
  const mvhd = boxAt(buf, ['moov', 'mvhd']);
  if (!mvhd) throw new EngineError('IO_ERROR', `${path} has no movie header`);
  const version = buf[mvhd.start];
  if (version === 1) {
    const timescale = buf.readUInt32BE(mvhd.start + 20);
    return Number(buf.readBigUInt64BE(mvhd.start + 24)) / timescale;
  }
  return buf.readUInt32BE(mvhd.start + 16) / buf.readUInt32BE(mvhd.start + 12);
}

/**
 * The key frames (sync samples, from 0) of the MP4's first track, from its sync sample table
 * (stss); a track without one has only key frames, and gives null.
 */
export async function mp4KeyFrames(path: string): Promise<number[] | null> {
  const buf = await readFile(path);
  const stbl = boxAt(buf, ['moov', 'trak', 'mdia', 'minf', 'stbl']);
  if (!stbl) throw new EngineError('IO_ERROR', `${path} has no sample table`);
  const stss = findBox(buf, stbl.start, stbl.end, 'stss');
  if (!stss) return null;
  const count = buf.readUInt32BE(stss.start + 4);
  return Array.from({ length: count }, (_, i) => buf.readUInt32BE(stss.start + 8 + 4 * i) - 1);
}

/** Top-level box positions in order (e.g. to check moov precedes mdat: faststart). */
export async function mp4TopBoxes(path: string): Promise<string[]> {
  const buf = await readFile(path);
  const names: string[] = [];
  for (let o = 0; o + 8 <= buf.length;) {
    const size = buf.readUInt32BE(o);
    names.push(buf.toString('latin1', o + 4, o + 8));
    if (size < 8) break;
    o += size;
  }
  return names;
}

/** The box at `path` (each type inside the one before, the first of its type), or null. */
function boxAt(buf: Buffer, path: readonly string[]): { start: number; end: number } | null {
  let box: { start: number; end: number } | null = { start: 0, end: buf.length };
  for (const type of path) box = box && findBox(buf, box.start, box.end, type);
  return box;
}

function findBox(
  buf: Buffer,
  start: number,
  end: number,
  type: string,
): { start: number; end: number } | null {
  for (let o = start; o + 8 <= end;) {
    let size = buf.readUInt32BE(o);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(o + 8));
      header = 16;
    } else if (size === 0) size = end - o;
    if (size < header) return null;
    if (buf.toString('latin1', o + 4, o + 8) === type) return { start: o + header, end: o + size };
    o += size;
  }
  return null;
}

/** Runs ffmpeg on `video` and resolves what it writes to stdout. */
function runFfmpeg(ffmpegPath: string, video: string, args: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPath,
      ['-hide_banner', '-loglevel', 'error', ...args],
      { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new EngineError(
              'FFMPEG_FAILED',
              `ffmpeg could not read ${video}: ${stderr.toString().trim()}`,
            ),
          );
        else resolve(stdout);
      },
    );
  });
}

/** One decoded frame (RGB or grey bytes) at `seconds`; a negative value counts from the end. */
export function extractFrame(
  ffmpegPath: string,
  video: string,
  seconds: number,
  format: 'rgb24' | 'gray' = 'rgb24',
): Promise<Buffer> {
  const seek = seconds < 0 ? ['-sseof', String(seconds)] : ['-ss', String(seconds)];
  return runFfmpeg(ffmpegPath, video, [
    ...seek,
    '-i',
    video,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    format,
    'pipe:1',
  ]);
}

export interface VideoInfo {
  width: number;
  height: number;
  /** Frames that decode from the file. */
  frames: number;
  /** Where the last frame ends (its time stamp plus its duration), in seconds. */
  durationSeconds: number;
}

/**
 * What a player gets from the file: decodes every frame of the first video stream (ffmpeg's
 * framemd5 output, one line per frame; no ffprobe needed) and reads size, count and end time.
 */
export async function probeVideo(ffmpegPath: string, video: string): Promise<VideoInfo> {
  const listing = await runFfmpeg(ffmpegPath, video, [
    '-i',
    video,
    '-map',
    '0:v:0',
    '-vsync',
    'passthrough',
    '-f',
    'framemd5',
    'pipe:1',
  ]);
  const text = listing.toString('latin1');
  const size = /^#dimensions 0: (\d+)x(\d+)$/m.exec(text);
  const timeBase = /^#tb 0: (\d+)\/(\d+)$/m.exec(text);
  const frames = text.split('\n').filter((line) => line.startsWith('0,'));
  // A frame line: stream, dts, pts, duration, size, hash.
  const [, , pts, duration] = frames.at(-1)?.split(',').map(Number) ?? [];
  if (!size || !timeBase || pts === undefined || duration === undefined)
    throw new EngineError('IO_ERROR', `${video} holds no video frames`);
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    frames: frames.length,
    durationSeconds: ((pts + duration) * Number(timeBase[1])) / Number(timeBase[2]),
  };
}

/** A contact sheet: frames at 25/50/75/100 % of the video side by side in one PNG. */
export async function contactSheet(
  ffmpegPath: string,
  video: string,
  info: { width: number; height: number; durationSeconds: number },
  output: string,
  tileWidth = 480,
): Promise<void> {
  const scale = tileWidth / info.width;
  const tileHeight = Math.round(info.height * scale);
  const tiles = await Promise.all(
    [0.25, 0.5, 0.75, 1].map(async (f) => {
      const at = f === 1 ? -0.05 : info.durationSeconds * f;
      const rgb = await extractFrame(ffmpegPath, video, at);
      return sharp(rgb, { raw: { width: info.width, height: info.height, channels: 3 } })
        .resize(tileWidth, tileHeight)
        .png()
        .toBuffer();
    }),
  );
  const gap = 8;
  await sharp({
    create: {
      width: tileWidth * 4 + gap * 5,
      height: tileHeight + gap * 2,
      channels: 3,
      background: '#888888',
    },
  })
    .composite(tiles.map((input, i) => ({ input, left: gap + i * (tileWidth + gap), top: gap })))
    .png()
    .toFile(output);
}
