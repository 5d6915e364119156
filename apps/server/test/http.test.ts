import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.js';
import { SESSION_CACHE_TTL_MS } from '../src/modules/auth/session-store.js';
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
    expect(await res.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHENTICATED' });
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
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await server.request('/api/nope', { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: `Not found: ${method} /api/nope` });
    }
  });

  it('treats a session past its expiry as signed out, before any clean-up removes it', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    // Before the session's first use: the server has not cached it.
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await server.request('/api/auth/user', { headers: { cookie } });
    expect(res.status).toBe(401);
  });

  it('shows a sign-out made by another server process within 5 seconds', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const signedIn = async () =>
      (await server.request('/api/auth/user', { headers: { cookie } })).status === 200;
    expect(await signedIn()).toBe(true);
    // Another process (or server) signs the session out: its row goes.
    await server.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await sleep(SESSION_CACHE_TTL_MS);
    expect(await signedIn()).toBe(false);
  });

  it('signs a session out when it expires, even while the server remembers it', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const expiresAt = Date.now() + 3000;
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(sessions.userId, user.id));
    const signedIn = async () =>
      (await server.request('/api/auth/user', { headers: { cookie } })).status === 200;
    expect(await signedIn()).toBe(true);
    await sleep(expiresAt - Date.now() + 100);
    expect(await signedIn()).toBe(false);
  });

  it('reports health from the database, and a 500 without internals once it is gone', async () => {
    const own = await startTestServer();
    try {
      const up = await own.request('/api/health');
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ status: 'ok' });
      await own.stopDatabase();
      const down = await own.request('/api/health');
      expect(down.status).toBe(500);
      expect(await down.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    } finally {
      await own.close();
    }
  });

  it('answers HEAD /api/health like GET, without a body', async () => {
    const res = await server.request('/api/health', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.text()).toBe('');
  });

  it.each([
    ['malformed JSON', 'application/json', '{"message": ', 400, 'MALFORMED_JSON'],
    ['an empty JSON body', 'application/json', '', 400, 'MALFORMED_JSON'],
    [
      'a body over the limit',
      'application/json',
      'x'.repeat(1024 * 1024 + 1),
      413,
      'BODY_TOO_LARGE',
    ],
    ['a type no endpoint reads', 'text/xml', '<message/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('answers %s, refused before any route, with a contract code', async (...args) => {
    const [, contentType, body, status, code] = args;
    const res = await server.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { code: string }).code).toBe(code);
  });

  it('answers a path that does not decode with a contract code', async () => {
    const res = await server.request('/api/%');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('BAD_REQUEST');
  });

  it.each([
    ['a second file', 'image', new Blob([new Uint8Array(8)]), 413, 'BODY_TOO_LARGE'],
    ['a field named __proto__', '__proto__', 'x', 400, 'BAD_REQUEST'],
  ])('answers an upload with %s, refused by its reader, with a contract code', async (...args) => {
    const [, name, value, status, code] = args;
    const { cookie } = await createSignedInUser(server.database.db);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(8)]), 'a.png');
    form.append(name, value);
    const res = await server.request('/api/preview-outline', {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { code: string }).code).toBe(code);
  });

  it('does not serve the web app outside production when none is configured', async () => {
    const res = await server.request('/about');
    expect(res.status).toBe(404);
  });
});
