/**
 * A migrated, empty embedded database, made once (by the server's build and by the tests' set-up)
 * and copied into a data dir on its first start instead of creating the database there: PGlite's
 * initdb alone takes about 5 s and leaves the process 800 MB resident, where the copy takes a few
 * tenths of a second and the start then costs what a restart does.
 *
 * The template is a cache: it is used only while its stamp (the PGlite version and the committed
 * migrations) matches, and whatever migrations came after it are applied on open as usual.
 */
import { createHash } from 'node:crypto';
import { constants, cpSync, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { databaseTemplateDir, migrationsJournal } from '../paths.js';

const STAMP_FILE = 'stamp';
const templateDb = path.join(databaseTemplateDir, 'db');

/** What the template was made from: a new PGlite or a new migration makes it stale. */
function currentStamp(): string {
  const require = createRequire(import.meta.url);
  const pglite = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  const version = (
    JSON.parse(readFileSync(path.join(pglite, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const journal = readFileSync(migrationsJournal);
  return createHash('sha256').update(version).update(journal).digest('hex');
}

async function isCurrent(): Promise<boolean> {
  const stamp = await readFile(path.join(databaseTemplateDir, STAMP_FILE), 'utf8').catch(() => '');
  return stamp === currentStamp();
}

/**
 * Copies a current template into `dbDir` when that does not exist yet (without one, the database
 * is created in place). Copied beside it and renamed, so a start cut short
 * leaves no half-copied database behind.
 */
export async function copyTemplateInto(dbDir: string): Promise<void> {
  if (existsSync(dbDir) || !(await isCurrent())) return;
  const partial = `${dbDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  // Synchronous: the server does not serve yet, and it copies the many small files twice as fast.
  cpSync(templateDb, partial, { recursive: true, mode: constants.COPYFILE_FICLONE });
  await rename(partial, dbDir);
}

/**
 * Makes the template unless a current one exists, with `create` (which makes an embedded database
 * in the data dir it is given, ready to serve, and closes it). Made beside it and renamed into
 * place, so two builds at once or one cut short never leave a broken template.
 */
export async function makeTemplate(create: (dataDir: string) => Promise<void>): Promise<void> {
  if (await isCurrent()) return;
  const parent = path.dirname(databaseTemplateDir);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, '.db-template-'));
  try {
    await create(staging);
    await writeFile(path.join(staging, STAMP_FILE), currentStamp());
    await rm(databaseTemplateDir, { recursive: true, force: true });
    await rename(staging, databaseTemplateDir).catch(async (err: unknown) => {
      if (!(await isCurrent())) throw err; // another process put a current one there meanwhile
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
