/**
 * Exports benchmark: `npm run bench:exports -w packages/engine`. A 15 s drawing at 1080p (the
 * colour model on a photo: the most a GIF has to hold) rendered as the plain MP4, then its WebM
 * and GIF made from the MP4: each step's time, the files' sizes, and the GIF's step against
 * `GIF_LIMITS.maxBytes`. With BENCH_TRANSPARENT=1 the drawing is rendered again with the
 * transparent WebM in the same pass.
 */
import { stat } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GIF_LIMITS } from '@rasma/contract/exports';
import { makeGif, makeWebm } from '../src/export-files.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import { renderSketchVideo } from '../src/render.js';

const PHOTO = fileURLToPath(new URL('../test/real-photos/landscape-meadow.jpg', import.meta.url));
const OPTIONS = { drawingTime: 15, size: 1920, shape: '16:9', aiModel: 'rasma-ai-color' } as const;

/** The transparent WebM's pass takes minutes at 1080p with the bundled ffmpeg: only when asked. */
const TRANSPARENT = process.env.BENCH_TRANSPARENT === '1';
const dir = await mkdtemp(join(tmpdir(), 'rasma-bench-exports-'));
const mb = async (file: string) => ((await stat(file)).size / 1024 / 1024).toFixed(2);
const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await run();
  console.log(`${what}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
};
try {
  const ffmpeg = await resolveFfmpeg();
  const output = join(dir, 'video.mp4');
  await timed('MP4 alone', () =>
    renderSketchVideo({ input: PHOTO, output, options: OPTIONS, ffmpeg }),
  );
  const transparentOutput = join(dir, 'transparent.webm');
  if (TRANSPARENT) {
    await timed('MP4 and transparent WebM in one pass', () =>
      renderSketchVideo({
        input: PHOTO,
        output: join(dir, 'again.mp4'),
        transparentOutput,
        options: OPTIONS,
        ffmpeg,
      }),
    );
    console.log(`transparent WebM ${await mb(transparentOutput)} MB`);
  }
  const webm = join(dir, 'video.webm');
  await timed('WebM from the MP4', () =>
    makeWebm({ ffmpegPath: ffmpeg.path, input: output, output: webm }),
  );
  const gif = join(dir, 'video.gif');
  const { bytes, step } = await timed('GIF from the MP4', () =>
    makeGif({
      ffmpegPath: ffmpeg.path,
      input: output,
      output: gif,
      tempPalette: join(dir, 'p.png'),
    }),
  );
  console.log(`MP4 ${await mb(output)} MB, WebM ${await mb(webm)} MB`);
  console.log(
    `GIF ${(bytes / 1024 / 1024).toFixed(2)} MB at ${step.longSide} px, ${step.fps} fps (limit ${GIF_LIMITS.maxBytes / 1024 / 1024} MB)`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
