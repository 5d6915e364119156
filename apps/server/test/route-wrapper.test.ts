import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
});
afterAll(() => server.close());

describe('a route served from the contract', () => {
  it('answers with Cache-Control: no-store, so no browser or proxy keeps a private answer', async () => {
    const { cookie } = await createSignedInUser(server.database.db, { credits: 3 });
    const res = await server.request('/api/credits', { headers: { cookie } });
    expect(await res.json()).toEqual({ credits: 3 });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("takes Apple's cross-site form post to its callback, which other routes refuse", async () => {
    const post = (path: string) =>
      server.request(path, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: 'https://appleid.apple.com',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'code=abc&state=unknown',
      });
    // Not refused as cross-site: the sign-in fails only for its unknown state.
    const callback = await post('/api/auth/callback/apple');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/?auth=login&authError=oauth_failed');
    const other = await post('/api/send-verification-code');
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: 'CROSS_SITE' });
  });
});
