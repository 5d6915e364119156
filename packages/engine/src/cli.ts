/**
 * The `rasma` command line: `rasma render photo.jpg -o out.mp4 [options]`, and
 * `rasma story story.json -o out.mp4 [options]` for a story of several scenes.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS } from '@rasma/contract/exports';
import type { ExportFormat } from '@rasma/contract/exports';
import { BLANK_PICTURE } from '@rasma/contract/story-limits';
import { EngineError } from './errors.js';
import { resolveFfmpeg } from './ffmpeg.js';
import type { RenderParams } from './render-params.js';
import type { SceneSettings, StorySceneInput } from './story-params.js';

const USAGE = `Usage: rasma render <image> -o <out.mp4> [options]
       rasma story <story.json> -o <out.mp4> [options]   (or: rasma render --story <story.json> ...)

A story file is { "scenes": [ { "picture": "photo.jpg" or "blank", ...the scene's settings } ] }:
each scene's id, drawingTime, direction, grayscaleLevel, strokeMasks, edits, holdSeconds, texts
and transition as the API takes them (pictures relative to the file). --model, --size, --shape,
--hand, --seed and the sound's options are the story's; the others are a picture's alone.

Options:
  -o, --output <file>        MP4 to write (required)
      --time <seconds>       drawing time, whole seconds 1-100 (default 15)
      --model <name>         rasma-ai (black and white, default) or rasma-ai-color
      --direction <dir>      "Left to right" (default), "Right to left", "Top to bottom", "Bottom to top"
      --level <0-255>        global grayscale level (default 128)
      --zones <file.json>    Special Zones: a JSON array of strokeMasks
      --edits <file.json>    stroke edits (deleted, added, order, parts), in the image's pixels
      --size <px>            1280, 1920 (default) or 3840: 720p, 1080p or 4K (a 4:3 photo
                             at 1920 is 1440x1080, a 3:4 one 1080x1440)
      --shape <shape>        original (the picture's own, default), 16:9, 9:16 or 1:1
      --hand <hand>          what draws: hand (a hand with its pen, light skin, default),
                             hand-medium, hand-dark, pen (the pen alone) or none
      --seed <n>             random seed (default 1)
      --voice <file>         a voice-over (MP3, M4A/AAC, WAV, OGG/Opus, WebM or FLAC, mono or
                             stereo, up to 5 minutes): the video lasts at least as long
      --music <file>         a music bed: looped or cut to the video, faded, ducked under the voice
      --audio <file.json>    the sound's settings: { voice: { trimStart, trimEnd, gainDb },
                             music: { trimStart, trimEnd, gainDb, loop, fadeInSeconds,
                             fadeOutSeconds } }
      --story <file.json>    render this story instead of one picture
      --thumbnail <file>     thumbnail path (default: output with .jpg, or .thumbnail.jpg
                             when that is the input)
      --contact-sheet <png>  also write frames at 25/50/75/100 % as one PNG
      --export <formats>     also make, beside the MP4, any of webm, gif and webm-alpha
                             (comma-separated): <out>.webm, <out>.gif, <out>.transparent.webm
  -h, --help                 this help`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      time: { type: 'string' },
      model: { type: 'string' },
      direction: { type: 'string' },
      level: { type: 'string' },
      zones: { type: 'string' },
      edits: { type: 'string' },
      size: { type: 'string' },
      shape: { type: 'string' },
      hand: { type: 'string' },
      seed: { type: 'string' },
      voice: { type: 'string' },
      music: { type: 'string' },
      audio: { type: 'string' },
      story: { type: 'string' },
      thumbnail: { type: 'string' },
      'contact-sheet': { type: 'string' },
      export: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, input] = positionals;
  const story = values.story ?? (command === 'story' ? input : undefined);
  const known = command === 'render' || command === 'story';
  if (values.help || !known || !(story ?? input) || !values.output) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const strokeMasks = values.zones ? await readJson(values.zones, 'zones') : undefined;
  const edits = values.edits ? await readJson(values.edits, 'edits') : undefined;
  const audio = values.audio ? await readJson(values.audio, 'audio') : undefined;
  // The renderer (and its image library) loads only once there is something to render, so help
  // and bad arguments answer at once; ffmpeg is looked for meanwhile.
  const scenes = story === undefined ? undefined : await readStory(story);
  const exports = parseExports(values.export);
  const [{ renderSketchVideo }, { renderStoryVideo }, { contactSheet }, ffmpeg] = await Promise.all(
    [
      import('./render.js'),
      import('./story-render.js'),
      import('./video-file.js'),
      resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH || undefined }),
    ],
  );
  const tty = process.stdout.isTTY;
  let lastLine = -1;
  const started = Date.now();
  const params: Omit<RenderParams, 'input'> = {
    output: values.output,
    ffmpeg,
    ...(values.thumbnail ? { thumbnail: values.thumbnail } : {}),
    ...(exports.has('webm-alpha')
      ? { transparentOutput: besideOutput(values.output, '.transparent.webm') }
      : {}),
    audio: { voice: values.voice, music: values.music },
    options: {
      ...(strokeMasks !== undefined ? { strokeMasks: strokeMasks as [] } : {}),
      ...(edits !== undefined ? { edits: edits as object } : {}),
      ...(audio !== undefined ? { audio: audio as object } : {}),
      ...(values.direction ? { direction: values.direction as 'Left to right' } : {}),
      ...(values.model ? { aiModel: values.model as 'rasma-ai' } : {}),
      ...(values.time ? { drawingTime: num(values.time) } : {}),
      ...(values.level ? { grayscaleLevel: num(values.level) } : {}),
      ...(values.size ? { size: num(values.size) as 1920 } : {}),
      ...(values.shape ? { shape: values.shape as 'original' } : {}),
      ...(values.hand ? { hand: values.hand as 'hand' } : {}),
      ...(values.seed ? { seed: num(values.seed) } : {}),
    },
    log: (message) => process.stderr.write(`${message}\n`),
    onProgress: (p) => {
      if (tty) {
        const bar = '#'.repeat(Math.round(p / 2.5)).padEnd(40, '.');
        process.stdout.write(`\r[${bar}] ${String(p).padStart(3)}%`);
        if (p === 100) process.stdout.write('\n');
      } else if (p === 100 || p - lastLine >= 10) {
        lastLine = p;
        process.stdout.write(`${p}%\n`);
      }
    },
  };
  const result = scenes
    ? await renderStoryVideo({ ...params, scenes })
    : await renderSketchVideo({ ...params, input: input! });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `${result.output}: ${result.width}x${result.height}, ${result.durationSeconds.toFixed(2)} s, ${result.frames} frames, rendered in ${seconds} s\nthumbnail: ${result.thumbnail}\n`,
  );
  if (result.transparentOutput) process.stdout.write(`transparent: ${result.transparentOutput}\n`);
  await makeExports(exports, ffmpeg.path, result.output);
  const sheet = values['contact-sheet'];
  if (sheet) {
    await contactSheet(ffmpeg.path, result.output, result, sheet);
    process.stdout.write(`contact sheet: ${sheet}\n`);
  }
  return 0;
}

/**
 * A story file's scenes for `renderStoryVideo`: each picture a path relative to the file, or a
 * blank board; a scene without an id is given its place's (the render checks the rest). A scene
 * without a picture, or with one that is not a file, is refused before anything renders: a typo
 * must not become a blank board, nor fail a render half-way.
 */
async function readStory(path: string): Promise<StorySceneInput[]> {
  const story = (await readJson(path, 'story')) as { scenes?: unknown };
  if (!Array.isArray(story.scenes)) throw storyError(`${path} has no "scenes" list`);
  return Promise.all(
    story.scenes.map(async (entry: Record<string, unknown>, i) => {
      const { picture, ...scene } = entry;
      const where = `scene ${i + 1} of ${path}`;
      if (typeof picture !== 'string')
        throw storyError(`${where} has no "picture" (a file, or "${BLANK_PICTURE}")`);
      const input = picture === BLANK_PICTURE ? undefined : resolve(dirname(path), picture);
      if (input && !(await isFile(input)))
        throw storyError(`${where}: its picture ${input} is not a file`);
      return {
        ...(input ? { input } : {}),
        scene: { id: `scene-${i + 1}`, ...scene } as SceneSettings,
      };
    }),
  );
}

/** The formats of `--export` (none when absent); an unknown one is refused before any render. */
function parseExports(list: string | undefined): Set<ExportFormat> {
  const formats = (list ?? '').split(',').filter(Boolean);
  for (const format of formats) {
    if (!EXPORT_FORMATS.includes(format as ExportFormat))
      throw new EngineError(
        'INVALID_OPTIONS',
        `Invalid option export: ${format} (one of ${EXPORT_FORMATS.join(', ')})`,
      );
  }
  return new Set(formats as ExportFormat[]);
}

/** The output's path with another extension. */
const besideOutput = (output: string, ext: string) => output.replace(/(\.[^./]*)?$/, ext);

/** The WebM and GIF asked for, made from the finished MP4. */
async function makeExports(exports: Set<ExportFormat>, ffmpegPath: string, input: string) {
  const { makeGif, makeWebm } = await import('./export-files.js');
  if (exports.has('webm')) {
    const output = besideOutput(input, '.webm');
    await makeWebm({ ffmpegPath, input, output });
    process.stdout.write(`webm: ${output}\n`);
  }
  if (exports.has('gif')) {
    const output = besideOutput(input, '.gif');
    const tempPalette = join(await mkdtemp(join(tmpdir(), 'rasma-gif-')), 'palette.png');
    try {
      const { bytes, step } = await makeGif({ ffmpegPath, input, output, tempPalette });
      process.stdout.write(
        `gif: ${output} (${bytes} bytes, ${step.longSide} px, ${step.fps} fps)\n`,
      );
    } finally {
      await rm(dirname(tempPalette), { recursive: true, force: true });
    }
  }
}

const storyError = (reason: string) =>
  new EngineError('INVALID_OPTIONS', `Invalid option story: ${reason}`);

const isFile = (path: string) =>
  stat(path).then(
    (s) => s.isFile(),
    () => false,
  );

/** A JSON file given as an option (checked with the render's options). */
async function readJson(path: string, what: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new EngineError(
      'INVALID_OPTIONS',
      `Cannot read ${what} file ${path}: ${(error as Error).message}`,
    );
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof EngineError)
      process.stderr.write(`rasma: ${error.message} [${error.code}]\n`);
    else
      process.stderr.write(
        `rasma: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    process.exitCode = 1;
  },
);
