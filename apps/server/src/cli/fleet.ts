/**
 * Rasma as several machines run it, on one machine: web processes and render workers, each an OS
 * process of its own started as an operator starts it (`npm run serve` with RENDER_WORKERS=0,
 * `npm run worker`), all on one PostgreSQL (DATABASE_URL) and one bucket (STORAGE_URL), each with a
 * private data folder, so nothing is shared but what a real deployment shares. The processes run the
 * server's build, made first. The multi-process test starts its fleet here; `npm run fleet -- --web 2
 * --workers 2` starts one by hand.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildDir, serverDir } from '../paths.js';

export type ProcessKind = 'web' | 'worker';

const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 60_000;
/** What `worker.ts` logs once it takes renders. */
const WORKER_READY = 'render worker ready';
/** A process still running this long after SIGTERM is killed. */
const STOP_TIMEOUT_MS = 30_000;

/** The command behind `npm run serve` (web) and `npm run worker` (see the root package.json). */
export function processCommand(kind: ProcessKind): { command: string; args: string[] } {
  const entry = kind === 'web' ? 'main.js' : 'worker.js';
  return { command: process.execPath, args: [path.join(buildDir, entry)] };
}

/** The server's part of `npm run build` (a few seconds): the processes run what the source is now. */
function buildServer(): void {
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: path.resolve(serverDir, '../..'),
    stdio: 'ignore',
  });
}

export interface FleetProcess {
  name: string;
  kind: ProcessKind;
  child: ChildProcess;
  /** Where its output goes. */
  logFile: string;
}

export interface WebProcess extends FleetProcess {
  url: string;
}

export interface Fleet {
  web: WebProcess[];
  workers: FleetProcess[];
  /** SIGTERM to every process; resolves once all have exited. */
  stop(): Promise<void>;
}

export interface FleetOptions {
  web: number;
  workers: number;
  databaseUrl: string;
  storageUrl: string;
  /** Settings every process gets (SMTP_URL, ADMIN_EMAILS...); the parent's environment too. */
  env?: Record<string, string>;
  /**
   * Where each process's data folder and log go, kept after `stop`; by default a new temp folder,
   * removed by `stop`.
   */
  dir?: string;
}

/**
 * Builds the server, starts `web` web processes (no renders of their own) and `workers` render
 * workers, and resolves once every web process answers `/api/health` and every worker has said it
 * is ready. They share a session secret, so a session or sign-in code made by one is good on all.
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  buildServer();
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'rasma-fleet-')));
  const shared = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    STORAGE_URL: options.storageUrl,
  };
  const all: FleetProcess[] = [];
  const fleet: Fleet = {
    web: [],
    workers: [],
    async stop() {
      await Promise.all(all.map(({ child }) => stopProcess(child)));
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
  const start = async (kind: ProcessKind, name: string, env: Record<string, string>) => {
    const dataDir = path.join(dir, name);
    await mkdir(dataDir, { recursive: true });
    const logFile = path.join(dir, `${name}.log`);
    const log = createWriteStream(logFile);
    await once(log, 'open');
    const { command, args } = processCommand(kind);
    const child = spawn(command, args, {
      cwd: serverDir,
      env: { ...process.env, ...shared, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const member = { name, kind, child, logFile };
    all.push(member);
    return member;
  };
  try {
    for (let i = 1; i <= options.web; i++) {
      const port = await freePort();
      const web = await start('web', `web-${i}`, {
        HOST,
        PORT: String(port),
        RENDER_WORKERS: '0',
      });
      fleet.web.push({ ...web, url: `http://${HOST}:${port}` });
    }
    for (let i = 1; i <= options.workers; i++) {
      // At info, a worker says when it is ready (and little else: a render logs at debug).
      const worker = await start('worker', `worker-${i}`, { LOG_LEVEL: 'info', ...options.env });
      fleet.workers.push(worker);
    }
    await Promise.all([
      ...fleet.web.map((web) => waitUntilHealthy(web)),
      ...fleet.workers.map((worker) => waitUntilReady(worker)),
    ]);
  } catch (err) {
    await fleet.stop();
    throw err;
  }
  return fleet;
}

async function waitUntilHealthy(web: WebProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (web.child.exitCode !== null) {
      const log = await readFile(web.logFile, 'utf8');
      throw new Error(`${web.name} exited with code ${web.child.exitCode}:\n${log}`);
    }
    const res = await fetch(`${web.url}/api/health`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${web.name} did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
}

/** Resolves once the worker has said it is ready to take renders. */
async function waitUntilReady(worker: FleetProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const log = await readFile(worker.logFile, 'utf8');
    if (log.includes(WORKER_READY)) return;
    if (worker.child.exitCode !== null) {
      throw new Error(`${worker.name} exited with code ${worker.child.exitCode}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${worker.name} was not ready within ${START_TIMEOUT_MS / 1000} s`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

/** `npm run fleet -- --web N --workers M`: runs a fleet until Ctrl-C. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { web: { type: 'string', default: '2' }, workers: { type: 'string', default: '2' } },
  });
  const { DATABASE_URL: databaseUrl, STORAGE_URL: storageUrl } = process.env;
  if (!databaseUrl || !storageUrl) {
    console.error('npm run fleet needs DATABASE_URL and STORAGE_URL: what the processes share.');
    process.exit(1);
  }
  const fleet = await startFleet({
    // Its logs stay for reading after Ctrl-C.
    dir: await mkdtemp(path.join(tmpdir(), 'rasma-fleet-')),
    web: Number(values.web),
    workers: Number(values.workers),
    databaseUrl,
    storageUrl,
  });
  for (const web of fleet.web) console.log(`${web.name}: ${web.url} (log ${web.logFile})`);
  for (const worker of fleet.workers) console.log(`${worker.name}: log ${worker.logFile}`);
  const stop = () => void fleet.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] === import.meta.filename) await main();
