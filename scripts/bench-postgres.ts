/**
 * A PostgreSQL database for a benchmark: a fresh database on the server DATABASE_URL names, or,
 * without it, a throwaway cluster of the machine's PostgreSQL (Debian's postgresql package) in a temp
 * folder on a free loopback port, run as the `postgres` user when this runs as root (PostgreSQL
 * refuses to run as root). Either is gone after `drop`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/cli/fleet.js';
import { withAdmin } from '../apps/server/test/support/database.js';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';
const HOST = '127.0.0.1';

export async function benchDatabase(): Promise<BenchDatabase> {
  const cluster = process.env.DATABASE_URL ? undefined : await startCluster();
  const serverUrl = process.env.DATABASE_URL ?? cluster?.url ?? '';
  const name = `rasma_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdmin(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
      await cluster?.stop();
    },
  };
}

interface Cluster {
  url: string;
  stop(): Promise<void>;
}

async function startCluster(): Promise<Cluster> {
  const version = existsSync(POSTGRES_ROOT) ? readdirSync(POSTGRES_ROOT).sort().at(-1) : undefined;
  if (!version) {
    throw new Error(
      'No PostgreSQL: set DATABASE_URL, or install it (apt-get install -y postgresql).',
    );
  }
  const bin = (tool: string) => path.join(POSTGRES_ROOT, version, 'bin', tool);
  const dir = await mkdtemp(path.join(tmpdir(), 'rasma-bench-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    await chown(dir, uid, gid);
  }
  await chmod(dir, 0o700);
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : bin(tool),
      asRoot ? ['-u', 'postgres', '--', bin(tool), ...args] : args,
      {
        stdio: 'ignore',
      },
    );
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=${HOST} -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@${HOST}:${port}/postgres`,
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
