import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isErrorCode } from '@rasma/contract';
import { afterAll, beforeAll } from 'vitest';
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
  /** Closes the database under the running server, as when the database goes away. */
  stopDatabase(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server on a random loopback port with a fresh database and data dir. Closing it fails
 * when it answered any request with a 500 (no input may reach one), unless the test stopped the
 * database under it, or with an error whose body is not `{ message, code }` with a code of the
 * contract's `ERROR_CODES` (the codes a client decides by).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  {
    waitForJobs = true,
    ...appOptions
  }: {
    logStream?: NodeJS.WritableStream;
    /** false: return as soon as the server listens, its job queue still starting. */
    waitForJobs?: boolean;
  } = {},
): Promise<TestServer> {
  const internalErrors: string[] = [];
  const uncodedErrors: string[] = [];
  const postgres = await freshPostgresDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-test-'));
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let databaseStopped = false;
  const stopDatabase = async () => {
    const open = database;
    database = undefined;
    databaseStopped = true;
    await open?.close();
  };
  const tearDown = async () => {
    // Shutting down uses the database (the job queue, the progress bus). After `stopDatabase` that
    // part fails; the HTTP server is closed all the same.
    await app?.close().catch((err: unknown) => {
      if (!databaseStopped) throw err;
    });
    await stopDatabase();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // A spare render process per test server would cost each test file CPU it does not use.
      RENDER_PREWARM: 'false',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    });
    const opened = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    database = opened;
    const started = await buildApp({ config, database: opened, ...appOptions });
    started.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode === 500) internalErrors.push(`${request.method} ${request.url}`);
    });
    started.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode >= 400 && typeof payload === 'string' && !hasErrorCode(payload)) {
        uncodedErrors.push(`${request.method} ${request.url}: ${payload}`);
      }
    });
    app = started;
    const address = await started.listen({ host: '127.0.0.1', port: Number(env.PORT ?? 0) });
    // Tests start from a server whose queue, schedules and workers are up (they start after listen).
    if (waitForJobs) await started.jobsStarted();
    return {
      url: address,
      app: started,
      database: opened,
      config,
      dataDir,
      request: (pathname, init) => fetch(new URL(pathname, address), init),
      stopDatabase,
      close: async () => {
        // Read before tearing down, which stops the database too.
        const unexpected = databaseStopped ? [] : internalErrors;
        await tearDown();
        if (unexpected.length > 0) {
          throw new Error(`The server answered 500 to: ${unexpected.join(', ')}`);
        }
        if (uncodedErrors.length > 0) {
          throw new Error(`Errors without a contract code: ${uncodedErrors.join(', ')}`);
        }
      },
    };
  } catch (err) {
    // A server that did not start leaves nothing behind either.
    await tearDown();
    throw err;
  }
}

function hasErrorCode(body: string): boolean {
  try {
    const { message, code } = JSON.parse(body) as Record<string, unknown>;
    return typeof message === 'string' && isErrorCode(code);
  } catch {
    return false;
  }
}

/**
 * Two servers for this file's tests: `waiting` renders nothing (what a create leaves waiting stays
 * as it is), `rendering` renders.
 */
export function waitingAndRenderingServers() {
  const servers = {} as { waiting: TestServer; rendering: TestServer };
  beforeAll(async () => {
    [servers.waiting, servers.rendering] = await Promise.all([
      startTestServer({ RENDER_WORKERS: '0' }),
      startTestServer(),
    ]);
  });
  afterAll(() => Promise.all([servers.waiting?.close(), servers.rendering?.close()]));
  return servers;
}

/** The files a server keeps for uploads (its storage's uploads folder). */
export const storedUploads = (server: TestServer) =>
  readdir(path.join(server.dataDir, 'files', 'images')).catch(() => [] as string[]);
