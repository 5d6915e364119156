/** What the benchmarks share: the production server as a child process, sign-in, tables. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ZONE_LIMITS } from '@rasma/contract';
import { freePort } from '../apps/server/src/cli/fleet.js';

export { freePort };

export const HOST = '127.0.0.1';
/** Time for start-up garbage to be collected before the idle memory is read. */
const SETTLE_MS = 3000;

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface Server {
  url: string;
  /** Resident memory now, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * `node --import tsx apps/server/src/main.ts` in production mode on a free loopback port; with
 * `built`, the bundle `npm run build` made (`node apps/server/dist/main.js`), as `npm start` runs.
 */
export async function startServer(
  dataDir: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
  { built = false } = {},
): Promise<Server> {
  const port = await freePort();
  const webDist = path.join(dataDir, 'web-dist');
  await mkdir(webDist, { recursive: true });
  const entry = built
    ? ['apps/server/dist/main.js']
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
  });
  const server: Server = {
    url: `http://${HOST}:${port}`,
    rssMb: () => residentMb(child),
    stop: () => stop(child),
  };
  try {
    await waitUntilUp(server.url, child);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

export async function idleRssMb(server: Server): Promise<number> {
  await delay(SETTLE_MS);
  return server.rssMb();
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    const res = await fetch(`${url}/api/health`).catch(() => undefined);
    if (res?.ok) return;
    await delay(200);
  }
  throw new Error('The server did not answer /api/health within 2 minutes');
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export function residentMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`No VmRSS for process ${child.pid}`);
  return Math.round(Number(kb) / 1024);
}

/**
 * E-mail sign-in through the API as a new person, the code read from the .eml the server wrote to
 * the outbox for their address.
 */
export async function signIn(url: string, dataDir: string): Promise<string> {
  const email = `bench-${randomUUID()}@example.com`;
  // Only the browser that asked for the code may use it: its sign-in cookie goes with the code.
  const sent = await postJson(`${url}/api/send-verification-code`, { email });
  const browser = sent.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const outbox = path.join(dataDir, 'outbox');
  const mails = (await readdir(outbox)).map((name) =>
    readFileSync(path.join(outbox, name), 'utf8'),
  );
  const mail = mails.find((text) => text.includes(email));
  const code = mail && /sign-in code is (\d{6})/.exec(mail)?.[1];
  if (!code) throw new Error(`No code in the outbox for ${email}`);
  const res = await postJson(`${url}/api/verify-email-code`, { email, code }, { cookie: browser });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('rasma_session='));
  if (!session) throw new Error('Signed in without a rasma_session cookie');
  return session.split(';')[0] ?? '';
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A Markdown table, columns padded to line up in a terminal too. */
export function markdownTable(rows: Record<string, string | number>[]): string {
  const first = rows[0];
  if (!first) return '';
  const lines = [Object.keys(first), ...rows.map((row) => Object.values(row).map(String))];
  const widths = lines[0]?.map((_, i) => Math.max(...lines.map((cells) => cells[i]?.length ?? 0)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths?.[i] ?? 0)).join(' | ')} |`;
  const rule = `|${widths?.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [format(lines[0] ?? []), rule, ...lines.slice(1).map(format)].join('\n');
}

/** `npm run worker`: a render-only process on the same PostgreSQL and data folder. */
export function startWorker(dataDir: string, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    },
  });
}

/**
 * The heaviest Special Zones a payload may carry: four zones of the most points a zone may have,
 * scattered over a `width` x `height` picture, with the widest brush.
 */
export function heaviestZones(width: number, height: number) {
  let state = 1;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  return [1, 2, 3, 4].map((n) => ({
    id: `zone-${n}`,
    brushSize: ZONE_LIMITS.maxBrushSize,
    fillLevel: 50,
    points: Array.from({ length: ZONE_LIMITS.maxPointsPerZone }, () => ({
      x: next() % width,
      y: next() % height,
    })),
  }));
}
