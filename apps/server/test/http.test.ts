import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('API basics', () => {
  it('answers 401 with a JSON message to a visitor asking for the signed-in user', async () => {
    const res = await server.request('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ message: 'Unauthorized' });
  });

  it('returns the user of a valid session cookie', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db, { firstName: 'Ada' });
    const res = await server.request('/api/auth/user', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Ada',
      lastName: null,
      profileImageUrl: null,
      isAdmin: false,
    });
  });

  it('treats a forged session cookie as signed out', async () => {
    const res = await server.request('/api/auth/user', {
      headers: { cookie: 'rasma_session=forged' },
    });
    expect(res.status).toBe(401);
  });

  it('answers unknown API paths with a JSON 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await server.request('/api/nope', { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: `Not found: ${method} /api/nope` });
    }
  });

  it('reports health with a database round trip', async () => {
    const res = await server.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('does not serve the web app outside production when none is configured', async () => {
    const res = await server.request('/about');
    expect(res.status).toBe(404);
  });
});
