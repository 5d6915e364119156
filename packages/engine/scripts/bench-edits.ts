/**
 * Benchmark: `npm run bench:edits`. The built CLI renders the same 1080p video (the 4000x3000
 * benchmark picture, 1440x1080 frames) without edits and with the heaviest stroke edits the
 * create call takes (`strokeEditsSchema` and `strokeEditProblem`), and prints each render's time
 * (spawn to exit) and peak memory (VmHWM of the CLI and of its ffmpeg). The edits' work is the
 * same whatever the drawing time: the shortest video shows it most. Also checks that the attack
 * of issue 33 (50 strokes of 1,000 points between the picture's corners) is refused, and renders
 * it as the engine alone would take it.
 * BENCH_RUNS (default 3; median and best), BENCH_TIME (drawing time, default 1 s).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  maxStrokeEditLength,
  STROKE_EDIT_LIMITS as L,
  strokeEditProblem,
  strokeEditsSchema,
} from '@rasma/contract/stroke-edits';
import type { StrokeEdits } from '@rasma/contract/stroke-edits';
import sharp from 'sharp';
import { sceneSvg } from '../test/fixtures.js';
import { runCli } from './memory.js';

const [WIDTH, HEIGHT] = [4000, 3000];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DRAWING_TIME = Number(process.env.BENCH_TIME ?? 1);
/** Just under the contract's bound on the strokes' summed length. */
const LENGTH = 0.999 * maxStrokeEditLength({ width: WIDTH, height: HEIGHT });
const DIAGONAL = Math.hypot(WIDTH, HEIGHT);
const CORNERS = [
  [0, 0],
  [WIDTH, HEIGHT],
] as const;
const round = (v: number) => Math.round(v * 100) / 100;

/** Strokes drawn by hand: `strokes` of `points` each, point i of stroke s at `at(s, i)`. */
function added(strokes: number, points: number, at: (s: number, i: number) => number[]) {
  return Array.from({ length: strokes }, (_, s) => ({
    part: `added.${s + 1}`,
    points: Array.from({ length: points }, (_, i) => [...at(s, i), 1] as [number, number, number]),
  }));
}

/**
 * The payloads: the attack's zig-zag between opposite corners, as many diagonals as the bound
 * allows; the most strokes and points drawn by hand, each on a row of its own (no pixel twice);
 * the most deleted strokes and points, spread over the picture.
 */
function payloads(): Record<string, StrokeEdits> {
  const perAdded = Math.floor(L.maxPoints / L.maxAdded);
  const perDeleted = Math.floor(L.maxPoints / L.maxDeleted);
  // Along a row of its own, from a place of its own: each of the strokes LENGTH / strokes long.
  const across = (strokes: number, points: number) => {
    const step = LENGTH / strokes / (points - 1);
    const room = WIDTH - step * (points - 1);
    return (s: number, i: number): [number, number] => [
      round(((s * 997) % room) + i * step),
      round(((s + 0.5) / strokes) * HEIGHT),
    ];
  };
  // One diagonal a stroke (each lists its pixels anew), there and back again.
  const deletedAt = across(L.maxDeleted, perDeleted);
  const diagonals = Math.min(L.maxAdded, Math.floor(LENGTH / DIAGONAL));
  return {
    [`zig-zag: ${diagonals} strokes between opposite corners`]: {
      added: added(diagonals, 2, (s, i) => [...CORNERS[(s + i) % 2]!]),
    },
    [`${L.maxAdded} strokes drawn by hand, ${perAdded} points each`]: {
      added: added(L.maxAdded, perAdded, across(L.maxAdded, perAdded)),
    },
    [`${L.maxDeleted} deleted strokes, ${perDeleted} points each`]: {
      deleted: Array.from({ length: L.maxDeleted }, (_, s) => ({
        part: `0.${s % 8}`,
        points: Array.from({ length: perDeleted }, (_, i) => deletedAt(s, i)),
      })),
    },
  };
}

/** Refuses a payload the create call would refuse: the figures are for valid ones only. */
function checkValid(name: string, edits: StrokeEdits): void {
  const parsed = strokeEditsSchema.safeParse(edits);
  if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues[0]?.message}`);
  const problem = strokeEditProblem(parsed.data, {
    zones: 0,
    picture: { width: WIDTH, height: HEIGHT },
  });
  if (problem) throw new Error(`${name}: ${problem.path.join('.')}: ${problem.message}`);
}

interface Run {
  seconds: number;
  rssMb: number;
  ffmpegMb: number;
}

/** One render with the built CLI, as a user runs it. */
function render(input: string, work: string, edits?: string): Promise<Run> {
  const args = ['render', input, '-o', join(work, 'out.mp4'), '--size', '1920'];
  args.push('--time', String(DRAWING_TIME), ...(edits ? ['--edits', edits] : []));
  return runCli(args);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'rasma-bench-edits-'));
  try {
    const input = join(work, 'detailed-4000x3000.jpg');
    const svg = Buffer.from(sceneSvg(WIDTH, HEIGHT, 220, 11));
    await writeFile(input, await sharp(svg).jpeg({ quality: 90 }).toBuffer());
    const attack = {
      added: added(50, L.maxPointsPerStroke, (_, i) => [...CORNERS[i % 2]!]),
    };
    const refused = strokeEditProblem(attack, {
      zones: 0,
      picture: { width: WIDTH, height: HEIGHT },
    });
    console.log(
      `issue 33's attack (50 x 1,000 points between corners): ${refused ? `refused (${refused.path.join('.')}: ${refused.message})` : 'TAKEN'}`,
    );
    const cases: [string, string | undefined][] = [['no edits', undefined]];
    const all = { ...payloads(), "issue 33's attack, refused by the create call": attack };
    for (const [name, edits] of Object.entries(all)) {
      if (edits !== attack) checkValid(name, edits);
      const file = join(work, `${cases.length}.json`);
      const json = JSON.stringify(edits);
      await writeFile(file, json);
      cases.push([`${name} (${(json.length / 1e3).toFixed(0)} kB)`, file]);
    }
    console.log(
      `${DRAWING_TIME} s drawing at 1080p (1440x1080), ${WIDTH}x${HEIGHT} picture, strokes up to ${L.maxLengthInDiagonals} diagonals (${Math.round(LENGTH)} px) in all; ${RUNS} runs, interleaved`,
    );
    await render(input, work); // warm the page cache and the CLI's build check
    const runs = cases.map((): Run[] => []);
    for (let r = 0; r < RUNS; r++)
      for (const [k, [, edits]] of cases.entries()) runs[k]!.push(await render(input, work, edits));
    const base = median(runs[0]!.map((run) => run.seconds));
    for (const [k, [name]] of cases.entries()) {
      const times = runs[k]!.map((run) => run.seconds);
      console.log(
        `  ${name.padEnd(60)} median ${median(times).toFixed(2)} s (best ${Math.min(...times).toFixed(2)} s, x${(median(times) / base).toFixed(2)}), peak CLI ${Math.max(...runs[k]!.map((run) => run.rssMb)).toFixed(0)} MB, ffmpeg ${Math.max(...runs[k]!.map((run) => run.ffmpegMb)).toFixed(0)} MB`,
      );
    }
    console.log(
      `load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
