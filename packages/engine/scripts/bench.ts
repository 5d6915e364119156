/**
 * Benchmark: `npm run bench:engine`. For the 4000x3000 benchmark image (detailed, made here) and
 * our photo set (test/photos.ts), each model renders a 15 s video at 1080p (1440x1080 for a 4:3
 * picture in the default shape) with the built CLI, as a user runs it (its start-up included),
 * against two encodes of the very same frames (recorded from the engine, streamed from the page
 * cache): x264 `veryfast` alone, the floor the engine should stay within; and the engine's own
 * encoder settings and ffmpeg malloc settings (`src/encoder.ts`), which shows what the render adds
 * to encoding its own frames (planning, making the frames). And the time from the CLI's spawn (and
 * from the picture decoded) to its first frame handed to ffmpeg, from its stage log lines. Also
 * the CLI's start-up, the outline at the sizes it is drawn at, and a 4K render's time, memory and
 * size.
 * BENCH_RUNS (default 3; runs interleaved: veryfast, own encode, CLI; the best run and the median
 * paired ratio reported), BENCH_IMAGES (e.g.
 * `detailed,night`), BENCH_4K=0, BENCH_SHAPE (default `original`; `16:9` for 1920x1080 frames
 * with the picture fitted inside).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { videoShapeSchema } from '@rasma/contract/video-fields';
import sharp from 'sharp';
import { decodeImage, videoLayout } from '../src/decode.js';
import { ffmpegArgs, ffmpegEnv } from '../src/encoder.js';
import type { EncodeSettings, FrameSink } from '../src/encoder.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import { DEFAULT_OUTPUT_SIZE } from '../src/options.js';
import { outline } from '../src/outline.js';
import { renderVideo, STAGE_LOG } from '../src/render.js';
import { sceneSvg } from '../test/fixtures.js';
import { PHOTO_NAMES, photoPng } from '../test/photos.js';
import { CLI, load, median, runCli, watchMemory } from './memory.js';

type Model = 'rasma-ai' | 'rasma-ai-color';
const DRAWING_TIME = 15;
const SIZE_4K = 3840;
/**
 * What the engine is measured against (the issue's floor): x264's `veryfast` as x264 ships it,
 * none of the engine's tuning, coding the same frames at the same quality with the same key frames,
 * in an ffmpeg started as installed (glibc's default malloc, not the engine's FFMPEG_MALLOC_ENV).
 */
const FLOOR_PRESET = 'veryfast';
/** Measured runs per model (best is reported); BENCH_RUNS=1 for a quick look on a busy machine. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SHAPE = videoShapeSchema.parse(process.env.BENCH_SHAPE ?? 'original');
const IMAGES = (process.env.BENCH_IMAGES ?? ['detailed', ...PHOTO_NAMES].join(',')).split(',');

/** What the recording child reports: the frames and the engine's encoder settings. */
interface Recording {
  frames: number;
  settings: EncodeSettings;
}

/**
 * One CLI render: wall time from spawn to exit, peak memory of the CLI and of its ffmpeg, and
 * when its first frame went to ffmpeg (seconds from spawn; milliseconds from the picture decoded,
 * as the CLI logs it).
 */
interface CliRun {
  seconds: number;
  rssMb: number;
  ffmpegMb: number;
  bytes: number;
  firstFrame: number;
  firstFrameAfterDecodeMs: number;
}

/** Records every frame into one raw file (for the encode floor) instead of encoding. */
class RecordingSink implements FrameSink {
  private out: WriteStream | undefined;
  constructor(
    private readonly path: string,
    private readonly video: string,
  ) {}
  start(): Promise<void> {
    this.out = createWriteStream(this.path);
    return Promise.resolve();
  }
  async frame(data: Uint8Array): Promise<void> {
    if (!this.out!.write(Buffer.from(data)))
      await new Promise<void>((r) => this.out!.once('drain', () => r()));
  }
  async finish(): Promise<void> {
    await new Promise((resolve) => this.out!.end(resolve));
    await writeFile(this.video, ''); // the engine expects a video file to move into place
  }
  abort(): void {
    this.out?.destroy();
  }
}

/** Runs the engine from its source with a recording sink (the frames for the floor). */
async function recordChild(input: string, model: Model, work: string): Promise<void> {
  let settings: EncodeSettings | undefined;
  const result = await renderVideo({
    input,
    output: join(work, `${model}.mp4`),
    options: { drawingTime: DRAWING_TIME, aiModel: model, shape: SHAPE },
    ffmpeg: await resolveFfmpeg(),
    tempDir: work,
    sink: (s) => {
      settings = { ...s, output: join(work, `${model}-floor.mp4`) };
      return new RecordingSink(join(work, `${model}.yuv`), s.output);
    },
  });
  const report: Recording = { frames: result.frames, settings: settings! };
  process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
}

function record(input: string, model: Model, work: string): Promise<Recording> {
  const args = ['--record', input, model, work];
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [...process.execArgv, new URL(import.meta.url).pathname, ...args],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('REPORT '));
      if (code !== 0 || !line) reject(new Error(`recording failed (${code}): ${out}`));
      else resolve(JSON.parse(line.slice(7)) as Recording);
    });
  });
}

/** One render with the built CLI, timed from spawn to exit. */
async function renderWithCli(
  input: string,
  model: Model,
  work: string,
  size = DEFAULT_OUTPUT_SIZE,
): Promise<CliRun> {
  const output = join(work, `${model}-cli.mp4`);
  const args = ['render', input, '-o', output, '--model', model];
  args.push('--time', String(DRAWING_TIME), '--size', String(size), '--shape', SHAPE);
  const { lines, ...run } = await runCli(args);
  const first = lines.find(({ line }) => line.startsWith(STAGE_LOG.firstFrame));
  if (!first) throw new Error(`no "${STAGE_LOG.firstFrame}" line from rasma render`);
  return {
    ...run,
    bytes: (await stat(output)).size,
    firstFrame: first.seconds,
    firstFrameAfterDecodeMs: Number(/(\d+) ms after decoding/.exec(first.line)?.[1]),
  };
}

/**
 * ffmpeg alone: `settings`' arguments, identical frames streamed from the page cache; in `env`
 * (default: as installed, glibc's default malloc).
 */
async function encodeFloor(
  ffmpegPath: string,
  settings: EncodeSettings,
  raw: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ seconds: number; peakMb: number }> {
  const frameSize = settings.width * settings.height * 1.5;
  const started = performance.now();
  const proc = spawn(ffmpegPath, ffmpegArgs(settings), {
    stdio: ['pipe', 'ignore', 'inherit'],
    env,
  });
  const memory = watchMemory(proc.pid!);
  createReadStream(raw, { highWaterMark: frameSize }).pipe(proc.stdin);
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  const peakMb = memory.stop().mb;
  if (code !== 0) throw new Error(`ffmpeg floor run failed with ${code}`);
  return { seconds: (performance.now() - started) / 1000, peakMb };
}

interface Row {
  image: string;
  model: Model;
  video: string;
  engine: number;
  floor: number;
  /** Median of each run's CLI time over the floor run just before it (same load, paired). */
  paired: number;
  /** The engine's own frames encoded with its own settings (best run), and paired as above. */
  own: number;
  ownPaired: number;
  /** Spawn to first frame (s, best run), and decoded to first frame (ms, median of the runs). */
  firstFrame: number;
  firstFrameAfterDecodeMs: number;
  rssMb: number;
  ffmpegMb: number;
  mb: number;
  load: string;
}

/** The benchmark images as files: the detailed 4000x3000 JPEG and the photos (1600x1200 PNG). */
async function writeImage(name: string, work: string): Promise<string> {
  if (name === 'detailed') {
    const path = join(work, 'detailed-4000x3000.jpg');
    const svg = Buffer.from(sceneSvg(4000, 3000, 220, 11));
    await writeFile(path, await sharp(svg).jpeg({ quality: 90 }).toBuffer());
    return path;
  }
  const photo = PHOTO_NAMES.find((p) => p === name);
  if (!photo) throw new Error(`BENCH_IMAGES: no image ${name}`);
  const path = join(work, `${photo}.png`);
  await writeFile(path, await photoPng(photo));
  return path;
}

/** Median and best of `runs` timings of `fn`. */
function timeIt(runs: number, fn: () => void): string {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return `median ${median(times).toFixed(0)} ms (best ${Math.min(...times).toFixed(0)} ms)`;
}

/** Both models on one image: the engine against the floor, RUNS times each, interleaved. */
async function measureImage(name: string, input: string, work: string, ffmpegPath: string) {
  const rows: Row[] = [];
  for (const model of ['rasma-ai', 'rasma-ai-color'] as const) {
    const recorded = await record(input, model, work);
    const settings = { ...recorded.settings, preset: FLOOR_PRESET, tuning: '' };
    const raw = join(work, `${model}.yuv`);
    const engine: CliRun[] = [];
    const floor: { seconds: number; peakMb: number }[] = [];
    const own: { seconds: number; peakMb: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      floor.push(await encodeFloor(ffmpegPath, settings, raw));
      own.push(await encodeFloor(ffmpegPath, recorded.settings, raw, ffmpegEnv()));
      engine.push(await renderWithCli(input, model, work));
    }
    await rm(raw, { force: true });
    const best = engine.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const row: Row = {
      image: name,
      model,
      video: `${settings.width}x${settings.height}, ${(recorded.frames / settings.fps).toFixed(2)} s`,
      engine: best.seconds,
      floor: Math.min(...floor.map((f) => f.seconds)),
      paired: median(engine.map((e, i) => e.seconds / floor[i]!.seconds)),
      own: Math.min(...own.map((f) => f.seconds)),
      ownPaired: median(engine.map((e, i) => e.seconds / own[i]!.seconds)),
      firstFrame: Math.min(...engine.map((e) => e.firstFrame)),
      firstFrameAfterDecodeMs: median(engine.map((e) => e.firstFrameAfterDecodeMs)),
      rssMb: Math.max(...engine.map((e) => e.rssMb)),
      ffmpegMb: Math.max(...engine.map((e) => e.ffmpegMb)),
      mb: best.bytes / 1e6,
      load: load(),
    };
    rows.push(row);
    const runs = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
    console.log(
      [
        `\n${name} ${model}: ${row.video} (${recorded.frames} frames)`,
        `  CLI wall time      ${best.seconds.toFixed(2)} s (runs: ${runs(engine.map((e) => e.seconds))})`,
        `  peak memory        CLI ${row.rssMb.toFixed(0)} MB, its ffmpeg ${row.ffmpegMb.toFixed(0)} MB (VmHWM)`,
        `  file size          ${row.mb.toFixed(2)} MB`,
        `  ${FLOOR_PRESET} floor     ${row.floor.toFixed(2)} s (runs: ${runs(floor.map((f) => f.seconds))}; ffmpeg ${Math.max(...floor.map((f) => f.peakMb)).toFixed(0)} MB)`,
        `  ratio CLI/floor    ${(row.engine / row.floor).toFixed(2)} (best over best), ${row.paired.toFixed(2)} (median of each run over its floor run)`,
        `  own encode         ${row.own.toFixed(2)} s (its own frames, x264 settings and ffmpeg malloc settings; runs: ${runs(own.map((f) => f.seconds))})`,
        `  ratio CLI/own      ${(row.engine / row.own).toFixed(2)} (best over best), ${row.ownPaired.toFixed(2)} (median of each run over its own-encode run)`,
        `  first frame        ${row.firstFrame.toFixed(2)} s from spawn (runs: ${runs(engine.map((e) => e.firstFrame))}), ${row.firstFrameAfterDecodeMs.toFixed(0)} ms after decoding (median; runs: ${engine.map((e) => e.firstFrameAfterDecodeMs).join(', ')})`,
        `  ${row.load}`,
      ].join('\n'),
    );
  }
  return rows;
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'rasma-bench-'));
  try {
    const ffmpeg = await resolveFfmpeg();
    console.log(
      `ffmpeg: ${ffmpeg.path} (${ffmpeg.source}, ${ffmpeg.version}); ${DRAWING_TIME} s drawing; ${RUNS} run(s) each; shape ${SHAPE}; ${load()}`,
    );
    console.log(`CLI start-up: ${await cliStartup(work)}; ${load()}`);

    const detailed = await writeImage('detailed', work);
    outline(await decodeImage(detailed, { longSide: 640 })); // compiled before it is timed
    // The outline at the sizes it is drawn at: the browser's Live Outline, the server's preview,
    // a 1080p video (and the largest preview), a 4K video.
    const sizes = [
      { longSide: 960 },
      { longSide: 1280 },
      ...[DEFAULT_OUTPUT_SIZE, SIZE_4K].map((size) => videoLayout('original', size)),
    ];
    for (const [i, layout] of sizes.entries()) {
      const image = await decodeImage(detailed, layout);
      const runs = i === sizes.length - 1 ? 1 : 3;
      console.log(
        `outline of the 4000x3000 image at ${image.width}x${image.height}: ${timeIt(runs, () => outline(image))}; ${load()}`,
      );
    }

    const rows: Row[] = [];
    for (const name of IMAGES) {
      const input = name === 'detailed' ? detailed : await writeImage(name, work);
      rows.push(...(await measureImage(name, input, work, ffmpeg.path)));
    }
    console.log(
      `\n| image | model | video | CLI | ${FLOOR_PRESET} | ratio | paired | own encode | ratio | paired | first frame | CLI memory | ffmpeg | file | load |`,
    );
    console.log(`|${' --- |'.repeat(15)}`);
    for (const r of rows) {
      console.log(
        `| ${r.image} | ${r.model} | ${r.video} | ${r.engine.toFixed(1)} s | ${r.floor.toFixed(1)} s | **${(r.engine / r.floor).toFixed(2)}** | ${r.paired.toFixed(2)} | ${r.own.toFixed(1)} s | **${(r.engine / r.own).toFixed(2)}** | ${r.ownPaired.toFixed(2)} | ${r.firstFrame.toFixed(2)} s (${r.firstFrameAfterDecodeMs.toFixed(0)} ms) | ${r.rssMb.toFixed(0)} MB | ${r.ffmpegMb.toFixed(0)} MB | ${r.mb.toFixed(2)} MB | ${r.load.slice(5)} |`,
      );
    }

    if (process.env.BENCH_4K !== '0') {
      for (const model of ['rasma-ai', 'rasma-ai-color'] as const) {
        const r = await renderWithCli(detailed, model, work, SIZE_4K);
        console.log(
          `\n4K ${model}, 4000x3000 image: ${r.seconds.toFixed(1)} s; CLI ${r.rssMb.toFixed(0)} MB, ffmpeg ${r.ffmpegMb.toFixed(0)} MB; ${(r.bytes / 1e6).toFixed(2)} MB; ${load()}`,
        );
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The built CLI's start-up: `rasma --help` (node, the CLI, its arguments), and the start of a
 * render up to its first log line, when the renderer and sharp are loaded and ffmpeg is found
 * (the render is stopped there). Medians of 5 runs.
 */
async function cliStartup(work: string): Promise<string> {
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  const tiny = join(work, 'tiny.png');
  await writeFile(
    tiny,
    await sharp(Buffer.from(sceneSvg(64, 48)))
      .png()
      .toBuffer(),
  );
  const ready = (args: string[], done: (stderr: string) => boolean) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const proc = spawn(CLI, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      proc.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (!done(stderr)) return;
        resolve(performance.now() - started);
        proc.kill('SIGKILL');
      });
      proc.on('close', () => {
        if (done(stderr)) resolve(performance.now() - started);
        else reject(new Error(`rasma ${args[0]} failed: ${stderr}`));
      });
    });
  const medianOfFive = async (args: string[], done: (stderr: string) => boolean) => {
    await ready(args, done); // untimed: the first run after the build reads the new files from disk
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push(await ready(args, done));
    return `${median(times).toFixed(0)} ms`;
  };
  const help = await medianOfFive(['--help'], () => true);
  const render = await medianOfFive(['render', tiny, '-o', join(work, 'tiny.mp4')], (stderr) =>
    stderr.includes('ffmpeg:'),
  );
  return `rasma --help ${help}, a render ready to decode ${render}`;
}

const args = process.argv.slice(2);
if (args[0] === '--record') {
  await recordChild(args[1]!, args[2] as Model, args[3]!);
} else {
  await main();
}
