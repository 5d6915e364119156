/**
 * API load benchmark (`npm run bench:api`): starts the production server as a child process on
 * the embedded database, and on PostgreSQL when BENCH_DATABASE_URL is set (a database the
 * benchmark may migrate and add a user to), signs a user in through the API, loads the
 * signed-in endpoints with autocannon (loopback only, 8 s each) and prints requests/s, latency
 * and the server's resident memory: idle after the first start (which creates the database),
 * after the load, and idle after a restart on the same data.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { idleRssMb, markdownTable, signIn, startServer, type Server } from './bench-support.js';

const ENDPOINTS = ['/api/auth/user', '/api/credits'];
const LOAD = { connections: 20, duration: 8 };
const WARM_UP = { connections: 20, duration: 2 };
type Row = {
  database: string;
  endpoint: string;
  'requests/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  errors: number;
};

async function main(): Promise<void> {
  const databases: Array<[string, string | undefined]> = [['embedded', undefined]];
  if (process.env.BENCH_DATABASE_URL) databases.push(['postgres', process.env.BENCH_DATABASE_URL]);
  const rows: Row[] = [];
  const memory: string[] = [];
  for (const [database, databaseUrl] of databases) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-bench-'));
    let server: Server | undefined;
    try {
      server = await startServer(dataDir, databaseUrl);
      const idle = await idleRssMb(server);
      const cookie = await signIn(server.url, dataDir);
      await load(server.url + ENDPOINTS[0], cookie, WARM_UP);
      for (const endpoint of ENDPOINTS) {
        const result = await load(server.url + endpoint, cookie, LOAD);
        rows.push({
          database,
          endpoint,
          'requests/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          'non-2xx': result.non2xx,
          errors: result.errors,
        });
      }
      const loaded = server.rssMb();
      // A first start also creates the database; later starts find it, as in production.
      await server.stop();
      server = await startServer(dataDir, databaseUrl);
      memory.push(
        `${database}: idle after the first start ${idle} MB, after the load ${loaded} MB, idle after a restart ${await idleRssMb(server)} MB`,
      );
    } finally {
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(markdownTable(rows));
  console.log(`\nServer resident memory (VmRSS):\n${memory.join('\n')}`);
}

function load(url: string, cookie: string, options: typeof LOAD): Promise<autocannon.Result> {
  return autocannon({ url, ...options, headers: { cookie } });
}

await main();
