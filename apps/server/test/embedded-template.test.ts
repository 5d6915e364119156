/**
 * The embedded database's template (made by the tests' global set-up, as by the build): a new data
 * dir starts as a copy of it, migrated and empty, and each copy is a database of its own.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrationsJournal } from '../src/paths.js';
import { createSignedInUser } from './support/factories.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshEmbedded(): Promise<Database> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-template-test-'));
  const database = await openDatabase({ dataDir });
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  cleanups.push(() => database.close());
  return database;
}

const one = async (database: Database, sql: string) => (await database.executeSql(sql)).rows[0];

it('starts each new data dir as a copy of the template: migrated, empty, and its own', async () => {
  const [first, second] = [await freshEmbedded(), await freshEmbedded()];

  // initdb gives every cluster a random identifier; copies of one template share its.
  const identifier = 'SELECT system_identifier::text AS id FROM pg_control_system()';
  expect(await one(first, identifier)).toEqual(await one(second, identifier));

  const journal = JSON.parse(await readFile(migrationsJournal, 'utf8')) as { entries: unknown[] };
  const migrations = 'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations';
  expect(await one(first, migrations)).toEqual({ count: journal.entries.length });

  await createSignedInUser(first.db);
  const users = 'SELECT count(*)::int AS count FROM users';
  expect(await one(first, users)).toEqual({ count: 1 });
  expect(await one(second, users)).toEqual({ count: 0 });
});
