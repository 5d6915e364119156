/**
 * Benchmark: `npm run bench:engine`. Renders a 15 s 1080p video (long side 1920) of a detailed
 * 4000x3000 image made here, for both models, and times ffmpeg alone encoding the very same
 * frames with the very same arguments (the encode floor). Also times the outline of the full
 * 4000x3000 image. Each measured run is a fresh child process so peak memory is its own.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage } from '../src/decode.js';
import { FfmpegEncoder, ffmpegArgs } from '../src/encoder.js';
import type { EncodeSettings, FrameSink } from '../src/encoder.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import { outline } from '../src/outline.js';
import { renderVideo } from '../src/render.js';
import { sceneSvg } from '../test/fixtures.js';

type Model = 'rasma-ai' | 'rasma-ai-color';
const DRAWING_TIME = 15;
const SIZE = 1920;
/** Measured runs per model (best is reported); BENCH_RUNS=1 for a quick look on a busy machine. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface ChildReport {
  seconds: number;
  rssMb: number;
  ffmpegMb: number;
  bytes: number;
  frames: number;
  settings?: EncodeSettings;
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

async function child(
  mode: 'engine' | 'record',
  input: string,
  model: Model,
  work: string,
): Promise<void> {
  const ffmpeg = await resolveFfmpeg();
  let settings: EncodeSettings | undefined;
  let encoder: FfmpegEncoder | undefined;
  const started = performance.now();
  const result = await renderVideo({
    input,
    output: join(work, `${model}.mp4`),
    options: { drawingTime: DRAWING_TIME, aiModel: model, size: SIZE },
    ffmpeg,
    tempDir: work,
    sink: (s, f) => {
      settings = s;
      if (mode === 'record') return new RecordingSink(join(work, `${model}.yuv`), s.output);
      encoder = new FfmpegEncoder(f.path, ffmpegArgs(s));
      return encoder;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const report: ChildReport = {
    seconds,
    rssMb: process.resourceUsage().maxRSS / 1024,
    ffmpegMb: (encoder?.peakKb ?? 0) / 1024,
    bytes: mode === 'engine' ? (await stat(result.output)).size : 0,
    frames: result.frames,
    ...(settings ? { settings: { ...settings, output: join(work, `${model}-floor.mp4`) } } : {}),
  };
  process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
}

function runChild(mode: string, input: string, model: Model, work: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [...process.execArgv, new URL(import.meta.url).pathname, '--child', mode, input, model, work],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('REPORT '));
      if (code !== 0 || !line) reject(new Error(`bench child failed (${code}): ${out}`));
      else resolve(JSON.parse(line.slice(7)) as ChildReport);
    });
  });
}

/** ffmpeg alone: identical arguments, identical frames streamed from memory/page cache. */
async function encodeFloor(
  ffmpegPath: string,
  settings: EncodeSettings,
  raw: string,
): Promise<{ seconds: number; peakMb: number }> {
  const frameSize = settings.width * settings.height * 1.5;
  const started = performance.now();
  const proc = spawn(ffmpegPath, ffmpegArgs(settings), { stdio: ['pipe', 'ignore', 'inherit'] });
  let peakKb = 0;
  const timer = setInterval(() => {
    try {
      const status = execFileSync('cat', [`/proc/${proc.pid}/status`], { encoding: 'utf8' });
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // exited
    }
  }, 200);
  createReadStream(raw, { highWaterMark: frameSize }).pipe(proc.stdin);
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`ffmpeg floor run failed with ${code}`);
  return { seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024 };
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'rasma-bench-'));
  try {
    const ffmpeg = await resolveFfmpeg();
    console.log(
      `ffmpeg: ${ffmpeg.path} (${ffmpeg.source}, ${ffmpeg.version}); ${DRAWING_TIME} s drawing, long side ${SIZE}`,
    );
    const input = join(work, 'detailed-4000x3000.jpg');
    await writeFile(
      input,
      await sharp(Buffer.from(sceneSvg(4000, 3000, 220, 11)))
        .jpeg({ quality: 90 })
        .toBuffer(),
    );

    console.log(`CLI start-up (rasma --help): ${await cliStartup()}`);

    const full = await decodeImage(input);
    const outlineMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      outline(full);
      outlineMs.push(performance.now() - t);
    }
    outlineMs.sort((a, b) => a - b);
    console.log(
      `outline of 4000x3000: median ${outlineMs[2]!.toFixed(0)} ms (best ${outlineMs[0]!.toFixed(0)} ms)`,
    );

    for (const model of ['rasma-ai', 'rasma-ai-color'] as const) {
      const recorded = await runChild('record', input, model, work);
      const settings = recorded.settings!;
      const raw = join(work, `${model}.yuv`);
      const engine: ChildReport[] = [];
      const floor: { seconds: number; peakMb: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        floor.push(await encodeFloor(ffmpeg.path, settings, raw));
        engine.push(await runChild('engine', input, model, work));
      }
      await rm(raw, { force: true });
      const best = engine.reduce((a, b) => (b.seconds < a.seconds ? b : a));
      const bestFloor = Math.min(...floor.map((f) => f.seconds));
      const frames = best.frames;
      console.log(
        [
          `\n${model}: ${settings.width}x${settings.height}, ${frames} frames (${(frames / 30).toFixed(2)} s of video), preset ${settings.preset}, crf ${settings.crf}`,
          `  engine wall time   ${best.seconds.toFixed(2)} s (runs: ${engine.map((e) => e.seconds.toFixed(2)).join(', ')})`,
          `  frames per second  ${(frames / best.seconds).toFixed(0)}`,
          `  peak memory        engine process ${Math.max(...engine.map((e) => e.rssMb)).toFixed(0)} MB RSS, ffmpeg ${Math.max(...engine.map((e) => e.ffmpegMb)).toFixed(0)} MB (VmHWM)`,
          `  file size          ${(best.bytes / 1e6).toFixed(2)} MB`,
          `  encode floor       ${bestFloor.toFixed(2)} s (runs: ${floor.map((f) => f.seconds.toFixed(2)).join(', ')}; ffmpeg ${Math.max(...floor.map((f) => f.peakMb)).toFixed(0)} MB)`,
          `  ratio engine/floor ${(best.seconds / bestFloor).toFixed(2)}`,
        ].join('\n'),
      );
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Median wall time of `rasma --help` over 5 runs, from a freshly built entry. */
async function cliStartup(): Promise<string> {
  const bin = fileURLToPath(new URL('../bin/rasma.js', import.meta.url));
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    execFileSync(process.execPath, [bin, '--help']);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return `median ${times[2]!.toFixed(0)} ms (best ${times[0]!.toFixed(0)} ms)`;
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(args[1] as 'engine' | 'record', args[2]!, args[3] as Model, args[4]!);
} else {
  await main();
}
