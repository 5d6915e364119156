/**
 * What the landing's demos share: their web encoding (H.264 main profile, 960x720, no audio track
 * unless the demo has a soundtrack, moov atom first so playback starts while it downloads), their posters, and the one demo recorded
 * in the browser rather than rendered by the engine.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

export const run = promisify(execFile);

export const outDir = path.resolve(import.meta.dirname, '../../apps/web/public/demos');

/** The demos' frame: small files that still show clean pen lines at the landing's display size. */
export const DEMO_FRAME = { width: 960, height: 720 };
const WEB_CRF = 30;

/** The real editor at work, recorded by record-editor.ts. */
export const EDITOR_DEMO = {
  name: 'stroke-editor',
  label:
    'The stroke editor: strokes of the portrait are selected and deleted, a part is moved to the front of the drawing order, a signature is drawn by hand, and the drawing is played in the page',
};

/**
 * Encodes `input` (ffmpeg input arguments) for the web, after `filters`, to `output`; with `sound`
 * its audio is kept as it is (the engine's mix is already AAC at the product's loudness).
 */
export async function encodeForWeb(
  ffmpegPath: string,
  input: string[],
  output: string,
  filters: string[] = [],
  { sound = false } = {},
): Promise<void> {
  const scale = `scale=${DEMO_FRAME.width}:${DEMO_FRAME.height}:flags=lanczos`;
  await run(ffmpegPath, [
    ...['-y', '-loglevel', 'error', ...input, ...(sound ? ['-c:a', 'copy'] : ['-an'])],
    ...['-vf', [...filters, scale].join(',')],
    ...['-c:v', 'libx264', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-preset', 'slow', '-crf', String(WEB_CRF), '-movflags', '+faststart'],
    output,
  ]);
}

/** A picture as the poster shown until a demo plays (WebP). */
export async function writePoster(picture: string, poster: string): Promise<void> {
  await sharp(picture)
    .resize(DEMO_FRAME.width, DEMO_FRAME.height)
    .webp({ quality: 70 })
    .toFile(poster);
}
