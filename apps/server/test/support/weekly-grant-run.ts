/**
 * One run of the weekly grant job in a process of its own, for the test of two processes granting at
 * once (test/weekly-grant-processes.test.ts). It connects first, waits for the shared start instant
 * (GRANT_START_AT, epoch milliseconds) so that both runs begin together, and prints what it did as
 * one JSON line: how many users it granted and when its run began and ended.
 */
import { tmpdir } from 'node:os';
import { openDatabase } from '../../src/db/client.js';
import { grantDueWeeklyCredits } from '../../src/modules/credits/grants.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the PostgreSQL database to grant in');
// PostgreSQL keeps nothing in the data dir.
const database = await openDatabase({ url, dataDir: tmpdir() });
try {
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, Number(process.env.GRANT_START_AT) - Date.now())),
  );
  const startedAt = Date.now();
  const granted = await grantDueWeeklyCredits(database.db);
  process.stdout.write(`${JSON.stringify({ granted, startedAt, finishedAt: Date.now() })}\n`);
} finally {
  await database.close();
}
