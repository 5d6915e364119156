/**
 * Personal API tokens: made, listed and revoked on the account page, stored only as a hash, sent as
 * `Authorization: Bearer`. A token reaches only the endpoints whose scope it has (never admin, the
 * account page or payments), is limited per token, sets no cookie, skips the cross-site check, and
 * spends its owner's credits; a revoked one is refused at once by every web process.
 */
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  TOKEN_SCOPES,
  api,
  endpointUrl,
  type ApiToken,
  type Endpoint,
  type TokenScope,
} from '@rasma/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { route } from '../src/http/route.js';
import { createSignedInUser } from './support/factories.js';
import { useFleetTest } from './support/fleet-test.js';
import { cookieFrom } from './support/http.js';
import { postVideo } from './support/videos.js';
import { startTestServer, type TestServer } from './support/test-server.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestServer;
const logs: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  server = await startTestServer({ RENDER_WORKERS: '0', LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => server.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Makes a token through the account page's call, as the person whose session `cookie` is. */
async function createToken(
  base: string,
  cookie: string,
  scopes: readonly TokenScope[],
  name = 'my script',
) {
  const res = await fetch(new URL(api.createApiToken.path, base), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name, scopes }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { token: string; apiToken: ApiToken };
}

async function listTokens(cookie: string): Promise<ApiToken[]> {
  const res = await server.request(api.apiTokens.path, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { tokens: ApiToken[] }).tokens;
}

const revoke = (cookie: string, id: string) =>
  server.request(endpointUrl(api.revokeApiToken, { id }), {
    method: 'DELETE',
    headers: { cookie },
  });

describe('the account page’s tokens', () => {
  it('shows a new token once, then lists it by name, scopes and prefix only', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const { token, apiToken } = await createToken(server.url, cookie, ['videos:read', 'projects']);
    expect(token).toMatch(API_TOKEN_PATTERN);
    expect(apiToken).toMatchObject({
      name: 'my script',
      scopes: ['videos:read', 'projects'],
      prefix: token.slice(0, API_TOKEN_LIMITS.shownPrefixLength),
      lastUsedAt: null,
    });
    const listed = await listTokens(cookie);
    expect(listed).toEqual([apiToken]);
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it('revokes a token: it leaves the list and is refused at once; another person’s is a 404', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const other = await createSignedInUser(server.database.db);
    const { token, apiToken } = await createToken(server.url, cookie, ['videos:read']);
    expect((await server.request('/api/videos', { headers: bearer(token) })).status).toBe(200);

    for (const id of [apiToken.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await revoke(other.cookie, id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'API token not found', code: 'NOT_FOUND' });
    }
    expect((await server.request('/api/videos', { headers: bearer(token) })).status).toBe(200);

    expect((await revoke(cookie, apiToken.id)).status).toBe(200);
    expect(await listTokens(cookie)).toEqual([]);
    const refused = await server.request('/api/videos', { headers: bearer(token) });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      message: API_TOKEN_MESSAGES.invalid,
      code: 'UNAUTHENTICATED',
    });
    expect((await revoke(cookie, apiToken.id)).status).toBe(404);
  });

  it(`allows ${API_TOKEN_LIMITS.maxPerUser} live tokens a person`, async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const made = [];
    for (let i = 0; i < API_TOKEN_LIMITS.maxPerUser; i++) {
      made.push(await createToken(server.url, cookie, ['videos:read'], `token ${i}`));
    }
    const tooMany = await server.request(api.createApiToken.path, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'one more', scopes: ['videos:read'] }),
    });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toEqual({
      message: API_TOKEN_MESSAGES.tooMany,
      code: 'TOO_MANY_TOKENS',
    });
    expect((await revoke(cookie, made[0]!.apiToken.id)).status).toBe(200);
    await createToken(server.url, cookie, ['videos:read'], 'after a revoke');
  });

  it('never keeps a token in clear: not in any row of the database, not in the logs', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const { token } = await createToken(server.url, cookie, [...TOKEN_SCOPES]);
    expect((await server.request('/api/credits', { headers: bearer(token) })).status).toBe(200);

    const dump = await databaseDump(server.database);
    expect(dump).toContain(createHash('sha256').update(token).digest('hex'));
    expect(dump).toContain(token.slice(0, API_TOKEN_LIMITS.shownPrefixLength));
    // Not the token, nor its secret part (all but the shown prefix).
    expect(dump).not.toContain(token.slice(API_TOKEN_LIMITS.shownPrefixLength));
    expect(logs.join('')).not.toContain(token.slice(API_TOKEN_LIMITS.shownPrefixLength));
  });
});

/** Every row of every table of the database, as text. */
async function databaseDump(database: Database): Promise<string> {
  const { rows } = await database.executeSql(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const tables = (rows as Array<{ name: string }>).map((r) => r.name);
  expect(tables).toContain('public.api_tokens');
  const parts = [];
  for (const table of tables) {
    const dumped = await database.executeSql(
      `SELECT string_agg(t::text, ' ') AS rows FROM ${table} AS t`,
    );
    parts.push((dumped.rows[0] as { rows: string | null } | undefined)?.rows ?? '');
  }
  return parts.join('\n');
}

describe('a request with a token', () => {
  it('is authenticated by the token alone: a bad one is a 401 even beside a live session', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const { token } = await createToken(server.url, cookie, ['videos:read']);
    const malformed = ['', 'abc', `${token}x`, token.replace('rasma_pat_', 'rasma_xyz_')];
    const unknown = `rasma_pat_${'A'.repeat(43)}`;
    for (const sent of [...malformed, unknown]) {
      const res = await server.request('/api/credits', { headers: { cookie, ...bearer(sent) } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        message: API_TOKEN_MESSAGES.invalid,
        code: 'UNAUTHENTICATED',
      });
    }
    // The session alone still works.
    expect((await server.request('/api/credits', { headers: { cookie } })).status).toBe(200);
  });

  it('acts as the token’s owner, whoever’s session cookie travels with it', async () => {
    const owner = await createSignedInUser(server.database.db, { credits: 7 });
    const other = await createSignedInUser(server.database.db, { credits: 2 });
    const { token } = await createToken(server.url, owner.cookie, ['videos:read']);
    const res = await server.request('/api/credits', {
      headers: { cookie: other.cookie, ...bearer(token) },
    });
    expect(await res.json()).toEqual({ credits: 7 });
  });

  it('notes when the token was last used, at most once a minute', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const { token } = await createToken(server.url, cookie, ['videos:read']);
    const before = Date.now();
    await server.request('/api/credits', { headers: bearer(token) });
    const [first] = await listTokens(cookie);
    expect(Date.parse(first!.lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
    await server.request('/api/credits', { headers: bearer(token) });
    const [second] = await listTokens(cookie);
    expect(second!.lastUsedAt).toBe(first!.lastUsedAt);
  });

  it(`is limited to ${API_TOKEN_LIMITS.requestsPerWindow} a window per token: then a 429 with Retry-After`, async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const { token } = await createToken(server.url, cookie, ['videos:read']);
    const { token: second } = await createToken(server.url, cookie, ['videos:read']);
    const statuses = await Promise.all(
      Array.from({ length: API_TOKEN_LIMITS.requestsPerWindow }, () =>
        server.request('/api/credits', { headers: bearer(token) }).then((res) => res.status),
      ),
    );
    expect(statuses).toEqual(Array<number>(API_TOKEN_LIMITS.requestsPerWindow).fill(200));
    const limited = await server.request('/api/credits', { headers: bearer(token) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(API_TOKEN_LIMITS.windowSeconds));
    expect(await limited.json()).toEqual({
      message: API_TOKEN_MESSAGES.rateLimited(API_TOKEN_LIMITS.windowSeconds),
      code: 'RATE_LIMITED',
    });
    // Per token: the person's other token, and their session, go on.
    expect((await server.request('/api/credits', { headers: bearer(second) })).status).toBe(200);
    expect((await server.request('/api/credits', { headers: { cookie } })).status).toBe(200);
  });

  it('spends its owner’s credits on a video, which lands in the owner’s library', async () => {
    const { cookie } = await createSignedInUser(server.database.db, { credits: 10 });
    const { token } = await createToken(server.url, cookie, ['videos:create']);
    const res = await postVideo(server.url, '', { drawingTime: 1 }, bearer(token));
    expect(res.status).toBe(201);
    const { video } = (await res.json()) as { video: { id: string } };
    const credits = await server.request('/api/credits', { headers: { cookie } });
    expect(((await credits.json()) as { credits: number }).credits).toBeLessThan(10);
    const library = await server.request('/api/videos', { headers: { cookie } });
    expect(JSON.stringify(await library.json())).toContain(video.id);
  });

  it('skips the cross-site check, which still refuses the same post with a cookie', async () => {
    const { cookie } = await createSignedInUser(server.database.db, { credits: 10 });
    const { token } = await createToken(server.url, cookie, ['videos:create']);
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const withCookie = await postVideo(server.url, cookie, { drawingTime: 1 }, crossSite);
    expect(withCookie.status).toBe(403);
    expect(await withCookie.json()).toMatchObject({ code: 'CROSS_SITE' });
    const withToken = await postVideo(
      server.url,
      '',
      { drawingTime: 1 },
      {
        ...crossSite,
        ...bearer(token),
      },
    );
    expect(withToken.status).toBe(201);
  });

  it('never gets a cookie, even from the calls that set one for a browser', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    const { token } = await createToken(server.url, cookie, [...TOKEN_SCOPES]);
    const sendCode = (headers: Record<string, string>) =>
      server.request(api.sendVerificationCode.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'someone@example.test' }),
      });
    // The same call without a token sets the browser's sign-in cookie.
    expect(cookieFrom(await sendCode({}), 'rasma_signin')).toBeDefined();
    const withToken = await sendCode(bearer(token));
    expect(withToken.status).toBe(403);
    expect(withToken.headers.getSetCookie()).toEqual([]);
    for (const pathname of ['/', '/account', '/api/login?provider=google', '/api/logout']) {
      const res = await server.request(pathname, { headers: bearer(token), redirect: 'manual' });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('follows progress while the token lives; revoking it ends the stream', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const { token, apiToken } = await createToken(server.url, cookie, ['videos:read']);
    const res = await server.request(endpointUrl(api.videoProgress, { userId: user.id }), {
      headers: bearer(token),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    const endsWithin = (ms: number) =>
      Promise.race([
        ended,
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
      ]);
    // The stream checks its credential every 2 s: the token holds it open.
    expect(await endsWithin(5000)).toBe(false);
    expect((await revoke(cookie, apiToken.id)).status).toBe(200);
    expect(await endsWithin(5000)).toBe(true);
  });
});

describe('the scopes, on every endpoint the server serves', () => {
  const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
  const ALL_SCOPES = [...TOKEN_SCOPES];
  let owner: { user: { id: string }; cookie: string };
  /** A token with exactly one scope, and one with all but it, per scope; one with them all. */
  const only = {} as Record<TokenScope, string>;
  const allBut = {} as Record<TokenScope, string>;
  let all: string;
  let adminsToken: string;

  beforeAll(async () => {
    owner = await createSignedInUser(server.database.db);
    for (const scope of TOKEN_SCOPES) {
      only[scope] = (await createToken(server.url, owner.cookie, [scope])).token;
      const rest = ALL_SCOPES.filter((s) => s !== scope);
      allBut[scope] = (await createToken(server.url, owner.cookie, rest)).token;
    }
    all = (await createToken(server.url, owner.cookie, ALL_SCOPES)).token;
    const admin = await createSignedInUser(server.database.db, { isAdmin: true });
    adminsToken = (await createToken(server.url, admin.cookie, ALL_SCOPES)).token;
  });

  /** Calls `e` with the token (and the owner's session cookie, which it must not use). */
  async function call(e: Endpoint, token: string) {
    const params = Object.fromEntries(
      [...e.path.matchAll(/:(\w+)/g)].map((m) => [m[1] ?? '', SAMPLE_ID]),
    );
    if ('userId' in params) params.userId = owner.user.id;
    const hasBody = e.method === 'POST' || e.method === 'PUT';
    const res = await server.request(endpointUrl(e, params), {
      method: e.method,
      redirect: 'manual',
      headers: {
        ...bearer(token),
        cookie: owner.cookie,
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody ? { body: '{}' } : {}),
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    const body = res.headers.get('content-type')?.startsWith('application/json')
      ? ((await res.json()) as { message?: string })
      : (await res.body?.cancel(), {});
    return { status: res.status, message: body.message };
  }

  const served = () => server.app.servedEndpoints;
  const key = (e: Endpoint) => `${e.method} ${e.path}`;

  it('walks each endpoint', async () => {
    // The endpoint test holds the served routes to the whole table.
    expect(served().length).toBeGreaterThan(40);
    const scoped = served().filter((e) => e.tokenScope);
    const sessionOnly = served().filter((e) => !e.tokenScope);
    expect(scoped.length).toBeGreaterThan(10);
    expect(sessionOnly.map(key)).toEqual(
      expect.arrayContaining([
        key(api.apiTokens),
        key(api.createApiToken),
        key(api.revokeApiToken),
        key(api.subscribe),
        key(api.purchaseCredits),
      ]),
    );

    for (const e of scoped) {
      const scope = e.tokenScope!;
      expect(await call(e, allBut[scope]), key(e)).toEqual({
        status: 403,
        message: API_TOKEN_MESSAGES.missingScope(scope),
      });
      // Not refused by the guard: whatever the call makes of its sample input.
      expect([401, 403], key(e)).not.toContain((await call(e, only[scope])).status);
    }
    for (const e of sessionOnly) {
      expect(await call(e, all), key(e)).toEqual({
        status: 403,
        message: API_TOKEN_MESSAGES.sessionOnly,
      });
    }
  });

  it('keeps an administrator’s token out of every admin endpoint', async () => {
    const admin = served().filter((e) => e.access === 'admin');
    expect(admin.length).toBeGreaterThan(3);
    for (const e of admin) {
      expect(e.tokenScope).toBeUndefined();
      expect(await call(e, adminsToken), key(e)).toEqual({
        status: 403,
        message: API_TOKEN_MESSAGES.sessionOnly,
      });
    }
    // Unknown admin paths too: the admin area's own guard refuses a token first.
    const unknown = await server.request('/api/admin/anything', { headers: bearer(adminsToken) });
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toMatchObject({ message: API_TOKEN_MESSAGES.sessionOnly });
  });

  it('refuses to register an admin endpoint that names a token scope', async () => {
    const app = Fastify();
    expect(() =>
      route(app, { ...api.adminUsers, tokenScope: 'videos:read' }, () => ({ users: [] }) as never),
    ).toThrow(/admin call: no API token may reach it/);
    await app.close();
  });
});

// Several web processes on one database need PostgreSQL (the embedded database serves one process).
describe.runIf(process.env.TEST_DATABASE_URL)('two web processes', () => {
  const fleet = useFleetTest();

  it('refuse a token revoked on the other at once', async () => {
    const [web1, web2] = (await fleet.start(2, 0)).web.map((w) => w.url) as [string, string];
    const { cookie } = await createSignedInUser(fleet.database.db);
    const { token, apiToken } = await createToken(web1, cookie, ['videos:read']);
    const listOn = (base: string) =>
      fetch(new URL('/api/videos', base), { headers: bearer(token) });
    expect((await listOn(web2)).status).toBe(200);
    expect((await listOn(web1)).status).toBe(200);

    const revoked = await fetch(
      new URL(endpointUrl(api.revokeApiToken, { id: apiToken.id }), web1),
      {
        method: 'DELETE',
        headers: { cookie },
      },
    );
    expect(revoked.status).toBe(200);
    expect((await listOn(web2)).status).toBe(401);
    expect((await listOn(web1)).status).toBe(401);
  });
});
