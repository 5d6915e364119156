import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RENDER_MALLOC_ENV, RENDER_NODE_FLAGS } from '@rasma/engine/allocator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { createSignedInUser } from './support/factories.js';
import { freshPostgresDatabase } from './support/database.js';
import { childProcessIds, commandLine, environmentOf } from './support/processes.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverDir, '../..');

/**
 * How long a cold start of `src/main.ts` (tsx compiling the sources, the embedded database opening
 * and migrating) may take. Measured at 17–39 s on a 2-core machine with a load average of 17–19
 * (other test runs and a mutation run beside it); about twice the worst of those.
 */
const COLD_START_MS = 90_000;

/** Servers still running, stopped in `afterAll` if a test failed before stopping them. */
const running = new Set<ChildProcess>();

interface RunningServer {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** Starts `src/main.ts` as a user would, on a random port, and waits for it to listen. */
function startServer(env: Record<string, string>): Promise<RunningServer> {
  return startProcess(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], env);
}

/**
 * Starts `command` in the repository with the server's settings and `env`, and waits for the
 * server to listen.
 */
function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<RunningServer> {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${COLD_START_MS} ms:\n${output}`)),
      COLD_START_MS,
    );
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

async function stopServer(server: RunningServer): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

let dataDir: string;
let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-restart-'));
  postgres = await freshPostgresDatabase();
  env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
});
afterAll(async () => {
  await Promise.all(
    [...running].map((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      return exited;
    }),
  );
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it(
    'shuts down cleanly on SIGTERM and keeps its data across restarts',
    { timeout: 2 * COLD_START_MS + 30_000 },
    async () => {
      const first = await startServer(env);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect(await stopServer(first)).toBe(0);

      // While it is down, sign a user in straight in the database it left behind.
      const database = await openDatabase({ url: postgres?.url, dataDir });
      const { user, cookie } = await createSignedInUser(database.db);
      await database.close();

      const second = await startServer(env);
      const res = await fetch(`${second.url}/api/auth/user`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: user.id, email: user.email });
      expect(await stopServer(second)).toBe(0);
    },
  );

  it(
    'refuses to start with a readable message on a bad environment',
    { timeout: COLD_START_MS },
    async () => {
      const failed = startServer({ ...env, PORT: 'not-a-port' });
      await expect(failed).rejects.toThrow(/Invalid environment:\s+PORT/);
    },
  );
});

describe('the built server (npm run serve)', () => {
  beforeAll(() => {
    // A fresh clone has no build: the server's part of `npm run build` (a second or two).
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: repoRoot, stdio: 'ignore' });
  });

  it(
    'runs compiled JavaScript under one npm process, and ends cleanly on SIGTERM to npm',
    { timeout: 2 * COLD_START_MS },
    async () => {
      const server = await startProcess('npm', ['run', 'serve'], env);
      const npmPid = server.child.pid ?? 0;
      // npm, then node itself (no shell, no second npm), running the build: no TypeScript loader.
      const [nodePid, ...others] = childProcessIds(npmPid);
      expect(others).toEqual([]);
      expect(commandLine(nodePid ?? 0)).toBe('node apps/server/dist/main.js');
      // Started without glibc's malloc settings, it started itself again with them: sharp's
      // decodes give their memory back (issue 33).
      expect(environmentOf(nodePid ?? 0)).toMatchObject(RENDER_MALLOC_ENV);
      // Its render process, started ahead of the first render, is the build's too, with the
      // render's node flags.
      const renderPids = childProcessIds(nodePid ?? 0);
      expect(renderPids.map(commandLine)).toEqual([
        [
          process.execPath,
          ...RENDER_NODE_FLAGS,
          path.join(serverDir, 'dist/render/render-process.js'),
        ].join(' '),
      ]);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      // What a process manager does: SIGTERM to the process it started. npm hands it on.
      expect(await stopServer(server)).toBe(0);
      expect(() => process.kill(nodePid ?? 0, 0)).toThrow();
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    },
  );
});
