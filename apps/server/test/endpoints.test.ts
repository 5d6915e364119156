import { api, endpointUrl, type Endpoint } from '@rasma/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const endpoints: Endpoint[] = Object.values(api);
const key = (e: Endpoint) => `${e.method} ${e.path}`;
const SAMPLE_PARAM = '00000000-0000-4000-8000-000000000000';
const plainUrl = (e: Endpoint) =>
  endpointUrl(
    e,
    Object.fromEntries([...e.path.matchAll(/:(\w+)/g)].map((m) => [m[1] ?? '', SAMPLE_PARAM])),
  );

/** Ways to spell the same path that the router takes to the same route. */
const SPELLINGS: Record<string, (path: string) => string> = {
  'percent-encoded': (path) =>
    path.replace(/\/([a-z])/g, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
  // Not the leading one: `//host/...` would be another host to fetch.
  'doubled slashes': (path) => path.replace(/(?<!^)\//g, '//'),
  'upper case': (path) => path.toUpperCase().replace(SAMPLE_PARAM.toUpperCase(), SAMPLE_PARAM),
};

async function call(e: Endpoint, pathname: string, headers: Record<string, string> = {}) {
  const res = await server.request(pathname, {
    method: e.method,
    redirect: 'manual',
    headers: e.method === 'POST' ? { 'content-type': 'application/json', ...headers } : headers,
    ...(e.method === 'POST' ? { body: '{}' } : {}),
  });
  await res.arrayBuffer();
  return res;
}

describe('the endpoint table', () => {
  it('is exactly what the server serves', () => {
    const served = server.app.servedEndpoints.map(key).sort();
    expect(served).toEqual(endpoints.map(key).sort());
    for (const e of endpoints)
      expect(server.app.hasRoute({ method: e.method, url: e.path })).toBe(true);
  });
});

describe.each(Object.entries(SPELLINGS))('a path spelled with %s', (_, spell) => {
  it.each(endpoints.map((e) => [key(e), e] as const))(
    'meets the same guards as the plain path: %s',
    async (_name, e) => {
      const url = plainUrl(e);
      const spelled = spell(url);
      expect(spelled).not.toBe(url);
      const plain = await call(e, url);
      expect((await call(e, spelled)).status).toBe(plain.status);
      if (e.access !== 'public') expect(plain.status).toBe(401);
    },
  );

  it.each(endpoints.filter((e) => e.method !== 'GET').map((e) => [key(e), e] as const))(
    'refuses a cross-site state change and sets no cookie: %s',
    async (_name, e) => {
      for (const pathname of [plainUrl(e), spell(plainUrl(e))]) {
        const res = await call(e, pathname, { origin: 'https://evil.example' });
        if (e.path === api.appleCallback.path) {
          // The one route a provider posts to from its own site: it is exempt, and its own state
          // check fails instead (no sign-in in progress), with no session set.
          expect(res.status).toBe(302);
        } else {
          expect(res.status).toBe(403);
        }
        expect(res.headers.getSetCookie().filter((c) => c.startsWith('rasma_session='))).toEqual(
          [],
        );
      }
    },
  );

  it('keeps the admin area closed, known paths and unknown alike', async () => {
    const { cookie } = await createSignedInUser(server.database.db);
    for (const pathname of ['/api/admin/analytics', '/api/admin/users', '/api/admin/anything']) {
      const spelled = spell(pathname);
      expect((await server.request(spelled)).status).toBe(401);
      const res = await server.request(spelled, { headers: { cookie } });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: 'Admin access required' });
    }
  });
});
