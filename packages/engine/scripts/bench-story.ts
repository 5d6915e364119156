/**
 * Story benchmark: `npm run bench:story -w packages/engine`. A five-scene, 60 s story at 1080p
 * (16:9; five of our photos, 10 s of drawing and a 1 s hold each, a fade, a slide and two camera
 * moves of 1.25 s, a title written on the first) rendered by the built CLI (`rasma story`),
 * against the same five pictures rendered as five separate videos (`rasma render`, 10 s each):
 * the story's time over their sum (target: at most 1.1), the story's peak memory (VmHWM) against
 * the largest of one picture's (target: no larger), and the time from the CLI's spawn to its first
 * frame handed to ffmpeg. BENCH_RUNS (default 1) runs of each, the best reported.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAGE_LOG } from '../src/render.js';
import { PHOTO_NAMES, photoPng } from '../test/photos.js';
import { load, runCli } from './memory.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const PICTURES = PHOTO_NAMES.slice(0, 5);
const DRAWING_TIME = 10;
const TRANSITIONS = ['fade', 'slide', 'camera', 'camera'] as const;
const COMMON = ['--size', '1920', '--shape', '16:9'];

/** The story file: each photo a scene, the title on the first. */
function storyJson(pictures: readonly string[]) {
  return {
    scenes: pictures.map((picture, i) => ({
      picture,
      drawingTime: DRAWING_TIME,
      holdSeconds: 1,
      transition: { kind: TRANSITIONS[i] ?? 'cut', seconds: 1.25 },
      texts:
        i === 0
          ? [{ id: 'title', text: 'Five pictures', x: 0.5, y: 0.12, size: 0.08, at: 'before' }]
          : [],
    })),
  };
}

interface Run {
  seconds: number;
  rssMb: number;
  ffmpegMb: number;
  firstFrame: number;
}

async function timed(args: string[]): Promise<Run> {
  const { lines, seconds, rssMb, ffmpegMb } = await runCli(args);
  const first = lines.find(({ line }) => line.startsWith(STAGE_LOG.firstFrame));
  return { seconds, rssMb, ffmpegMb, firstFrame: first?.seconds ?? NaN };
}

const best = (runs: Run[]) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));

async function main(): Promise<void> {
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
  });
  const work = await mkdtemp(join(tmpdir(), 'rasma-bench-story-'));
  try {
    const pictures = await Promise.all(
      PICTURES.map(async (name) => {
        const path = join(work, `${name}.png`);
        await writeFile(path, await photoPng(name));
        return path;
      }),
    );
    const storyFile = join(work, 'story.json');
    await writeFile(storyFile, JSON.stringify(storyJson(pictures)));
    console.log(`story: ${PICTURES.join(', ')}; ${RUNS} run(s) each; ${load()}`);
    const story: Run[] = [];
    const separate: Run[][] = [];
    for (let r = 0; r < RUNS; r++) {
      story.push(await timed(['story', storyFile, '-o', join(work, 'story.mp4'), ...COMMON]));
      const one: Run[] = [];
      for (const [i, picture] of pictures.entries()) {
        const args = ['render', picture, '-o', join(work, `scene-${i}.mp4`), ...COMMON];
        one.push(await timed([...args, '--time', String(DRAWING_TIME)]));
      }
      separate.push(one);
    }
    const storyBest = best(story);
    const sums = separate.map((runs) => runs.reduce((sum, run) => sum + run.seconds, 0));
    const sum = Math.min(...sums);
    const onePeak = Math.max(...separate.flat().map((run) => run.rssMb));
    const rows = [
      ['story (60 s, 5 scenes, 1920x1080)', `${storyBest.seconds.toFixed(1)} s`],
      ['five separate videos (10 s each + hold)', `${sum.toFixed(1)} s`],
      ['story / their sum', `**${(storyBest.seconds / sum).toFixed(2)}** (target <= 1.1)`],
      [
        'peak memory, story',
        `${Math.max(...story.map((s) => s.rssMb)).toFixed(0)} MB (ffmpeg ${storyBest.ffmpegMb.toFixed(0)} MB)`,
      ],
      ['peak memory, largest single scene', `${onePeak.toFixed(0)} MB`],
      ['time to first frame (spawn to encoder)', `${storyBest.firstFrame.toFixed(2)} s`],
      ['single video, time to first frame', `${best(separate.flat()).firstFrame.toFixed(2)} s`],
    ];
    console.log('\n| figure | value |\n| --- | --- |');
    for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
    console.log(`\n${load()}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
