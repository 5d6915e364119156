import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { freshPostgresDatabase } from './database.js';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  /** fetch against the server, path relative to its root. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The real server on a random loopback port with a fresh database and data dir. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-test-'));
  const postgres = await freshPostgresDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database, ...options });
  const address = await app.listen({ host: '127.0.0.1', port: Number(env.PORT ?? 0) });
  return {
    url: address,
    app,
    database,
    config,
    dataDir,
    request: (pathname, init) => fetch(new URL(pathname, address), init),
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
