import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

const INDEX_HTML = '<!doctype html><title>Rasma test app</title><div id="root"></div>';

let server: TestServer;
let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'rasma-dist-'));
  await mkdir(path.join(distDir, 'assets'), { recursive: true });
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log("app")');
  server = await startTestServer({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it.each([
    ['/', 200],
    ['/about', 200],
    ['/how-to/', 200],
    ['/admin/users', 200],
    ['/try-now?x=1', 200],
    ['/nope', 404],
    ['/about/extra', 404],
  ])('serves index.html for %s, with status %i', async (route, status) => {
    const res = await server.request(route);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX_HTML);
  });

  it('answers HEAD of a client route like GET, without a body', async () => {
    const get = await server.request('/about');
    const head = await server.request('/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    for (const header of ['content-type', 'content-length', 'cache-control']) {
      expect(head.headers.get(header)).toBe(get.headers.get(header));
    }
    expect(await head.text()).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE'])(
    'answers %s to a client route with a JSON 404, not the app',
    async (method) => {
      const res = await server.request('/about', { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        message: `Not found: ${method} /about`,
        code: 'NOT_FOUND',
      });
    },
  );

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await server.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing asset with a 404 instead of the app', async () => {
    const res = await server.request('/assets/missing-123.js');
    expect(res.status).toBe(404);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await server.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
