import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { grantSignupCredits } from '../src/modules/credits/ledger.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer } from './support/test-server.js';

/** Ends every other connection to the server's database, as a PostgreSQL restart or an admin does. */
async function terminateConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    for (const { pid } of rows) await client.query('SELECT pg_terminate_backend($1)', [pid]);
    return rows.length;
  } finally {
    await client.end();
  }
}

// Connections that PostgreSQL closes are a PostgreSQL matter (the embedded database is in-process).
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL closing our connections', () => {
  it('the server keeps running and answers from new connections', async () => {
    const server = await startTestServer({ RENDER_WORKERS: '0' });
    try {
      const { user, cookie } = await createSignedInUser(server.database.db);
      await grantSignupCredits(server.database.db, user.id);
      const balance = () => server.request('/api/credits', { headers: { cookie } });
      expect((await balance()).status).toBe(200);

      expect(await terminateConnections(server.config.databaseUrl ?? '')).toBeGreaterThan(0);
      // The idle pool connections learn of it now; an unhandled error here would end the process.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const after = await balance();
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ credits: 40 });
    } finally {
      await server.close();
    }
  });
});
