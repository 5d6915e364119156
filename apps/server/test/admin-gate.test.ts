import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { freshPostgresDatabase } from './support/database.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ' Boss@Example.com , other@example.com' });
});
afterAll(() => server.close());

const ADMIN_PATHS = [
  '/api/admin/analytics',
  '/api/admin/users?page=1&limit=200',
  '/api/admin/not-built-yet',
];

describe('the /api/admin gate', () => {
  it.each(ADMIN_PATHS)('answers 401 to a visitor on %s', async (pathname) => {
    const res = await server.request(pathname);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Unauthorized' });
  });

  it.each(ADMIN_PATHS)(
    'answers 403 "Admin access required" to a signed-in user on %s',
    async (pathname) => {
      const { cookie } = await createSignedInUser(server.database.db);
      const res = await server.request(pathname, { headers: { cookie } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Admin access required', code: 'FORBIDDEN' });
    },
  );

  it('refuses non-admins before reading the body of a state-changing call', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const res = await server.request('/api/admin/refund/some-id', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(403);
  });

  it('lets an ADMIN_EMAILS user through the gate', async () => {
    const { cookie } = await createSignedInUser(server.database.db, { email: 'boss@example.com' });
    const me = await server.request('/api/auth/user', { headers: { cookie } });
    expect(await me.json()).toMatchObject({ isAdmin: true });
    const res = await server.request('/api/admin/not-built-yet', { headers: { cookie } });
    expect(res.status).toBe(404);
  });
});

describe('npm run admin -- grant', () => {
  it('makes a future user an administrator and refuses unknown commands', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-cli-'));
    const postgres = await freshPostgresDatabase();
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: dataDir,
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        },
      });
    try {
      const { stdout } = await run('grant', 'Future.Admin@example.com');
      expect(stdout).toContain('future.admin@example.com is now an administrator.');
      await expect(run('promote', 'x@example.com')).rejects.toMatchObject({ code: 2 });

      const database = await openDatabase({ url: postgres?.url, dataDir });
      try {
        const granted = await database.db
          .select()
          .from(users)
          .where(eq(users.email, 'future.admin@example.com'));
        expect(granted[0]?.isAdmin).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
