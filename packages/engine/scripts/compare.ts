/**
 * Before/after contact sheets: `npm run quality:compare`. For each photo of the quality set (or
 * those in QUALITY_PHOTOS=a,b), the black-and-white drawing at 25/50/75/100 % of the drawing time,
 * top row by this checkout's engine, bottom row by the engine at an earlier commit
 * (COMPARE_COMMIT, default b642891), written to docs/compare-<name>.png (or COMPARE_DIR). The
 * earlier engine runs from a git worktree of that commit, sharing this checkout's node_modules.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Decode from '../src/decode.js';
import type * as Options from '../src/options.js';
import type * as Plan from '../src/plan.js';
import type * as Sketch from '../src/sketch.js';
import { DOCS, QUALITY_SETTINGS, TILE, qualityPhotos, tile, writeSheet } from './quality-set.js';

const COMMIT = process.env.COMPARE_COMMIT ?? 'b642891';
const OUT = process.env.COMPARE_DIR ?? DOCS;
const STAGES = [0.25, 0.5, 0.75, 1];

const ENGINE_SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** The engine functions the sheet needs, loaded from an engine's src folder. */
async function loadEngine(src: string) {
  const load = (file: string) => import(pathToFileURL(join(src, file)).href);
  const [decode, options, sketch, plan] = await Promise.all([
    load('decode.ts') as Promise<typeof Decode>,
    load('options.ts') as Promise<typeof Options>,
    load('sketch.ts') as Promise<typeof Sketch>,
    load('plan.ts') as Promise<typeof Plan>,
  ]);
  /** One row of the sheet: the drawing at each stage of its drawing time. */
  return async function drawingRow(bytes: Buffer): Promise<{ tiles: Buffer[]; aspect: number }> {
    const layout = decode.videoLayout('original', options.DEFAULT_OUTPUT_SIZE);
    const image = await decode.decodeImage(bytes, layout);
    const { width, height } = image;
    const { grey, script } = sketch.planSketch(image, { ...QUALITY_SETTINGS, colour: false });
    const revealedAt = plan.revealFrames(script);
    const tiles = await Promise.all(
      STAGES.map((share) => {
        const frame = Math.floor(script.drawFrames * share);
        const drawn =
          share === 1 ? grey : Uint8Array.from(grey, (v, p) => (revealedAt[p]! < frame ? v : 255));
        return tile(drawn, width, height, 1);
      }),
    );
    return { tiles, aspect: height / width };
  };
}

/** Checks the commit out in a temporary worktree, runs `use` on its engine src, then removes it. */
async function withWorktree<T>(commit: string, use: (src: string) => Promise<T>): Promise<T> {
  const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const folder = join(tmpdir(), `rasma-compare-${process.pid}`);
  execFileSync('git', ['worktree', 'add', '--detach', folder, commit], { cwd: repo });
  try {
    await symlink(join(repo, 'node_modules'), join(folder, 'node_modules'));
    return await use(join(folder, 'packages', 'engine', 'src'));
  } finally {
    await rm(join(folder, 'node_modules'), { force: true }); // the link only, before git cleans up
    execFileSync('git', ['worktree', 'remove', '--force', folder], { cwd: repo });
  }
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const photos = qualityPhotos();
  const current = await loadEngine(ENGINE_SRC);
  await withWorktree(COMMIT, async (earlierSrc) => {
    const earlier = await loadEngine(earlierSrc);
    for (const [name, bytes] of photos) {
      const source = await bytes();
      const now = await current(source);
      const before = await earlier(source);
      const file = join(OUT, `compare-${name}.png`);
      await writeSheet([now.tiles, before.tiles], Math.round(TILE * now.aspect), file);
      console.log(`${name}: top this checkout, bottom ${COMMIT} -> ${file}`);
    }
  });
}

await main();
