/**
 * Production processes benchmark (`npm run bench:memory`): builds the app (`npm run build`), then
 * starts the built server as `npm run serve` does (`node apps/server/dist/main.js`, production) and
 * prints, for each start: the time from the process's start to its first answer (`/api/health`),
 * the resident memory 10 s after that answer (the server, its warm render process, the whole
 * app; RSS counts pages shared between the two, such as node's own code, in each; PSS shares them
 * out) and how long it took to exit after SIGTERM.
 * - the embedded default: a first start (it creates the database) and a restart on its data; the
 *   same restart from the TypeScript source through tsx, for comparison;
 * - with BENCH_DATABASE_URL (a PostgreSQL database the benchmark may migrate): a web process with
 *   RENDER_WORKERS=0, and a render worker (`node apps/server/dist/worker.js`, `npm run worker`).
 * Targets: the whole app under 350 MB on the embedded default, a PostgreSQL web process under
 * 150 MB, the first answer within 3 s.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { processTree } from '../apps/server/test/support/processes.js';
import { HOST, freePort, markdownTable } from './bench-support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** Idle after start: how long after the first answer the memory is read. */
const IDLE_MS = 10_000;

type Row = Record<string, string | number>;

interface Start {
  label: string;
  database: string;
  /** The node arguments: the built entry, or tsx and the source. */
  args: string[];
  env: Record<string, string>;
  /** A web process is timed to its first answer; a worker has no HTTP. */
  web: boolean;
}

async function measure(start: Start): Promise<Row> {
  const port = await freePort();
  const url = `http://${HOST}:${port}/api/health`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, start.args, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...start.env,
    },
  });
  try {
    const firstAnswerMs = start.web ? await firstAnswer(url, child, startedAt) : undefined;
    await delay(IDLE_MS);
    const [server, ...children] = memoryOfTree(child.pid ?? 0);
    const stopMs = await stopTimed(child);
    const whole = (key: 'rss' | 'pss') =>
      [server, ...children].reduce((sum, p) => sum + (p?.[key] ?? 0), 0);
    return {
      process: start.label,
      database: start.database,
      'first answer ms': firstAnswerMs === undefined ? '-' : Math.round(firstAnswerMs),
      'server MB': server?.rss ?? 0,
      'render process MB': children.length ? children.map((p) => p.rss).join(' + ') : '-',
      'whole app RSS MB': whole('rss'),
      'whole app PSS MB': whole('pss'),
      'exit after SIGTERM ms': Math.round(stopMs),
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

async function firstAnswer(url: string, child: ChildProcess, since: number): Promise<number> {
  while (performance.now() - since < 120_000) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    const res = await fetch(url).catch(() => undefined);
    if (res?.ok) return performance.now() - since;
    await delay(20);
  }
  throw new Error('The server did not answer within 2 minutes');
}

async function stopTimed(child: ChildProcess): Promise<number> {
  const exited = once(child, 'exit');
  const from = performance.now();
  child.kill('SIGTERM');
  await exited;
  return performance.now() - from;
}

interface Memory {
  pid: number;
  rss: number;
  pss: number;
}

/** The process and its descendants, each with its resident (RSS) and proportional (PSS) MB. */
function memoryOfTree(root: number): Memory[] {
  return processTree(root).map((pid) => {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const mb = (field: string) =>
      Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) / 1024);
    return { pid, rss: mb('Rss'), pss: mb('Pss') };
  });
}

async function main(): Promise<void> {
  console.log('Building (npm run build)...');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const built = (entry: string) => [`apps/server/dist/${entry}.js`];
  const rows: Row[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-bench-memory-'));
  try {
    const embedded = { DATA_DIR: dataDir };
    rows.push(
      await measure({
        label: 'web + renders (first start)',
        database: 'embedded',
        args: built('main'),
        env: embedded,
        web: true,
      }),
      await measure({
        label: 'web + renders (restart)',
        database: 'embedded',
        args: built('main'),
        env: embedded,
        web: true,
      }),
      await measure({
        label: 'web + renders (restart), source through tsx',
        database: 'embedded',
        args: ['--import', 'tsx', 'apps/server/src/main.ts'],
        env: embedded,
        web: true,
      }),
    );
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (databaseUrl) {
      const postgres = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
      rows.push(
        await measure({
          label: 'web, RENDER_WORKERS=0',
          database: 'PostgreSQL',
          args: built('main'),
          env: { ...postgres, RENDER_WORKERS: '0' },
          web: true,
        }),
        await measure({
          label: 'render worker',
          database: 'PostgreSQL',
          args: built('worker'),
          env: postgres,
          web: false,
        }),
      );
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(markdownTable(rows));
  if (!process.env.BENCH_DATABASE_URL) console.log('\nSet BENCH_DATABASE_URL for PostgreSQL.');
}

await main();
