import { afterAll, beforeAll } from 'vitest';
import { startFleet, type Fleet } from '../../src/cli/fleet.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { SessionStore } from '../../src/modules/auth/session-store.js';
import { openStorage } from '../../src/storage/open-storage.js';
import type { Storage } from '../../src/storage/storage.js';
import { freshPostgresDatabase } from './database.js';
import { bucketOf, startS3Server, type S3TestServer } from './s3.js';

export interface FleetTest {
  /** The test's PostgreSQL database, opened in the test's own process. */
  database: Database;
  sessions: SessionStore;
  /** What the processes store in (no folder shared between them). */
  storage(): Promise<Storage>;
  /** The keys in the test's bucket. */
  bucketKeys(): Promise<string[]>;
  /** `web` web processes and `workers` render workers on the test's database and bucket. */
  start(web: number, workers: number): Promise<Fleet>;
}

/**
 * For a suite of the fleet script's processes (web processes and render workers of their own,
 * started from the server's build) on a fresh PostgreSQL database and a bucket of their own, every
 * process given `env`. Registers the suite's beforeAll and afterAll; the fields are set once
 * beforeAll has run, and only with TEST_DATABASE_URL (the embedded database serves one process).
 */
export function useFleetTest(env: Record<string, string> = {}): FleetTest {
  let s3: S3TestServer | undefined;
  let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let storageUrl = '';
  const fleets: Fleet[] = [];
  const test = {
    start: async (web: number, workers: number) => {
      const fleet = await startFleet({
        web,
        workers,
        databaseUrl: postgres?.url ?? '',
        storageUrl,
        env,
      });
      fleets.push(fleet);
      return fleet;
    },
    storage: () => openStorage({ dataDir: '', storageUrl }),
    bucketKeys: () => s3!.keys(bucketOf(storageUrl)),
  } as FleetTest;
  beforeAll(async () => {
    postgres = await freshPostgresDatabase();
    if (!postgres) return;
    s3 = await startS3Server();
    storageUrl = s3.newStorageUrl();
    test.database = await openDatabase({ url: postgres.url, dataDir: '' });
    test.sessions = new SessionStore(test.database.db, new Set());
  });
  afterAll(async () => {
    await Promise.all(fleets.map((fleet) => fleet.stop()));
    await test.database?.close();
    await s3?.close();
    await postgres?.drop();
  });
  return test;
}
