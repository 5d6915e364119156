import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * The privacy policy's claims about what is (not) kept, checked against everything the server
 * stores: every table's rows, every file under DATA_DIR and its log.
 */
/** Typed with dashes: the test-mode hint in the log spells it with spaces. */
const CARD = '4242-4242-4242-4242';
const VISITOR_IP = '198.51.100.77';

let server: TestServer;
let log = '';
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server = await startTestServer(
    { RENDER_WORKERS: '0', TRUST_PROXY: '1', LOG_LEVEL: 'debug' },
    { logStream },
  );
});
afterAll(() => server.close());

/** Every row of every table in the database, as JSON text. */
async function databaseText(): Promise<string> {
  const { db } = server.database;
  const tables = (await db.execute(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  )) as { rows: { table_schema: string; table_name: string }[] };
  const dumps: string[] = [];
  for (const { table_schema, table_name } of tables.rows) {
    const rows = (await db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table_schema)}.${sql.identifier(table_name)} t`,
    )) as { rows: { row: string }[] };
    dumps.push(...rows.rows.map((r) => r.row));
  }
  return dumps.join('\n');
}

/** Every file under DATA_DIR except the embedded database's own, as text. */
async function dataFilesText(dir = server.dataDir): Promise<string> {
  const parts: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) parts.push(await dataFilesText(file));
    else parts.push((await readFile(file)).toString('latin1'));
  }
  return parts.join('\n');
}

const spellings = (digits: string) => [digits, digits.replace(/-/g, '')];

describe('what the privacy policy says is never kept', () => {
  it('card details: a paid purchase leaves no card number in the database, files or log', async () => {
    const { cookie } = await createSignedInUser(server.database.db, {
      subscriptionTier: 'basic',
      cycleStartDate: new Date(),
      subscriptionEndsAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    });
    const post = async (pathname: string, body: unknown) =>
      server.request(pathname, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const purchase = (await (await post('/api/purchase-credits', { credits: 10 })).json()) as {
      clientSecret: string;
    };
    const confirmed = await post('/api/payments/test/confirm', {
      clientSecret: purchase.clientSecret,
      cardNumber: CARD,
    });
    expect(confirmed.status).toBe(200);
    // The purchase itself is recorded (transaction record and credit balance)...
    const stored = await databaseText();
    expect(stored).toContain('"kind":"pack_purchase"');
    // ...but not the card.
    for (const text of [stored, await dataFilesText(), log]) {
      for (const spelling of spellings(CARD)) expect(text).not.toContain(spelling);
    }
  });

  it('analytics: a page view sets no cookie and keeps no IP address', async () => {
    const res = await server.request('/api/analytics/page-view', {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'x-forwarded-for': VISITOR_IP,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
      },
      body: JSON.stringify({ path: '/privacy' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recorded: true });
    expect(res.headers.get('set-cookie')).toBeNull();
    const stored = await databaseText();
    expect(stored).toContain('"path":"/privacy"');
    expect(stored).not.toContain(VISITOR_IP);
    expect(await dataFilesText()).not.toContain(VISITOR_IP);
  });
});
