// Where the server's files are, the same whether its TypeScript source runs (`src/`, through tsx:
// tests, `npm run dev`) or its build (`dist/`, `npm run build -w apps/server`): both folders sit
// one level below the server's own, and the build keeps its chunks at its top level.
import path from 'node:path';

/** apps/server */
export const serverDir = path.resolve(import.meta.dirname, '..');
/** The web app's build (`npm run build -w apps/web`), served in production. */
export const webBuildDir = path.resolve(serverDir, '../web/dist');
/** The committed database migrations. */
export const migrationsDir = path.join(serverDir, 'drizzle');
/** drizzle-kit's list of those migrations. */
export const migrationsJournal = path.join(migrationsDir, 'meta', '_journal.json');
/** The server's build. */
export const buildDir = path.join(serverDir, 'dist');
/** The embedded database's template (db/embedded-template.ts), a cache beside the installed packages. */
export const databaseTemplateDir = path.resolve(
  serverDir,
  '../../node_modules/.cache/rasma/db-template',
);
