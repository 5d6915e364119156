import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLANS } from '@rasma/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { creditLedger, users } from '../src/db/schema.js';
import { freshPostgresDatabase } from './support/database.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const DAY_MS = 24 * 60 * 60 * 1000;
// Enough users that each run takes a while, so the two runs compete for the same users.
const DUE_USERS = 300;

interface Run {
  granted: number;
  startedAt: number;
  finishedAt: number;
}

/** test/support/weekly-grant-run.ts as a process of its own; resolves with what it printed. */
function runInProcess(databaseUrl: string, startAt: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/weekly-grant-run.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: databaseUrl,
        GRANT_START_AT: String(startAt),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(stdout) as Run);
      else reject(new Error(`grant process exited with ${code}: ${stderr}`));
    });
  });
}

// Two processes need PostgreSQL (the embedded database serves one process).
describe.runIf(process.env.TEST_DATABASE_URL)(
  'the weekly grant job in two processes (PostgreSQL)',
  () => {
    it('grants each due user once when two processes run it at the same instant', async () => {
      const postgres = (await freshPostgresDatabase())!;
      const database = await openDatabase({ url: postgres.url, dataDir: tmpdir() });
      try {
        const createdAt = new Date(Date.now() - 8 * DAY_MS);
        const stamp = Date.now();
        await database.db.insert(users).values(
          Array.from({ length: DUE_USERS }, (_, i) => ({
            email: `due${i}-${stamp}@example.com`,
            createdAt,
          })),
        );

        // Both connect first, then start together: the start leaves time for two cold starts.
        const startAt = Date.now() + 8_000;
        const [first, second] = await Promise.all([
          runInProcess(postgres.url, startAt),
          runInProcess(postgres.url, startAt),
        ]);
        // The runs overlapped in time, or this test would show nothing about running at once.
        expect(first.startedAt).toBeLessThan(second.finishedAt);
        expect(second.startedAt).toBeLessThan(first.finishedAt);

        expect(first.granted + second.granted).toBe(DUE_USERS);
        const grants = await database.db
          .select({ userId: creditLedger.userId })
          .from(creditLedger)
          .where(eq(creditLedger.kind, 'weekly_grant'));
        const grantsPerUser = new Map<string, number>();
        for (const { userId } of grants) {
          grantsPerUser.set(userId, (grantsPerUser.get(userId) ?? 0) + 1);
        }
        const accounts = await database.db
          .select({ id: users.id, credits: users.credits })
          .from(users);
        expect(accounts).toHaveLength(DUE_USERS);
        for (const account of accounts) {
          expect(grantsPerUser.get(account.id)).toBe(1);
          expect(account.credits).toBe(PLANS.free.credits);
        }
      } finally {
        await database.close();
        await postgres.drop();
      }
    }, 120_000);
  },
);
