import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../src/db/schema.js';
import { createSignedInUser } from './support/factories.js';
import { hugePng } from './support/images.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let cookie = '';
let userId = '';
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
  ({
    cookie,
    user: { id: userId },
  } = await createSignedInUser(server.database.db, { credits: 100 }));
});
afterAll(() => server.close());

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();

function form(image: Buffer, fileName: string, blobData = '{"drawingTime":1}') {
  const body = new FormData();
  body.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), fileName);
  body.set('blobData', blobData);
  return body;
}
const create = (body: FormData) =>
  server.request('/api/videos/create', { method: 'POST', headers: { cookie }, body });

async function expectNothingLeft() {
  const rows = await server.database.db.select().from(videos).where(eq(videos.userId, userId));
  expect(rows).toEqual([]);
  const files = await readdir(path.join(server.dataDir, 'files', 'images')).catch(() => []);
  expect(files).toEqual([]);
  const res = await server.request('/api/credits', { headers: { cookie } });
  expect(await res.json()).toEqual({ credits: 100 });
}

describe('a bad upload', () => {
  it.each([
    [
      'an HTML page named .png',
      () => Buffer.from('<!doctype html><p>hi</p>'),
      415,
      /JPG, PNG, WebP or GIF/,
    ],
    ['an empty file', () => Buffer.alloc(0), 400, /empty/],
    [
      'a truncated JPEG',
      async () => {
        const photo = await sharp({
          create: {
            width: 640,
            height: 480,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .jpeg()
          .toBuffer();
        return photo.subarray(0, photo.length / 2);
      },
      400,
      /damaged or truncated/,
    ],
    ['a 20000x20000 PNG of a few hundred KB', hugePng, 413, /megapixels/],
  ])('is refused: %s', async (_name, make, status, message) => {
    const bytes = await make();
    const rssBefore = process.memoryUsage().rss;
    const res = await create(form(bytes, 'picture.png'));
    expect(res.status).toBe(status);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.message).toMatch(message);
    expect(body.code).toBeTruthy();
    // Refused from its header: 400 megapixels were never decoded (that would take 400 MB or more).
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
    await expectNothingLeft();
  });

  it.each([
    ['NaN in the JSON', '{"drawingTime": NaN}', 400, /blobData: not valid JSON/],
    [
      '10,000 zones',
      JSON.stringify({
        strokeMasks: Array.from({ length: 10_000 }, (_, i) => ({
          id: String(i),
          points: [{ x: 1, y: 1 }],
          brushSize: 20,
        })),
      }),
      400,
      /blobData\.strokeMasks/,
    ],
    [
      'a million points',
      JSON.stringify({
        strokeMasks: [
          {
            id: '1',
            points: Array.from({ length: 1_000_000 }, (_, i) => ({ x: i, y: i })),
            brushSize: 20,
          },
        ],
      }),
      413,
      /blobData: too large/,
    ],
    ['a drawing time of 0', '{"drawingTime":0}', 400, /blobData\.drawingTime/],
  ])('with bad settings is refused: %s', async (_name, blobData, status, message) => {
    const res = await create(form(await png(), 'picture.png', blobData));
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    await expectNothingLeft();
  });

  it.each([
    ['a NUL', 'a\u0000b.png'],
    ['an escape', '\u001b[2Jpicture.png'],
    ['a tab', 'my\tpicture.png'],
  ])('whose file name holds %s is a 400 that says so, leaving nothing', async (_name, fileName) => {
    for (const pathname of ['/api/videos/create', '/api/preview-outline']) {
      const body = form(await png(), fileName);
      const res = await server.request(pathname, { method: 'POST', headers: { cookie }, body });
      expect(res.status, pathname).toBe(400);
      expect(await res.json()).toMatchObject({
        message: 'image: Text must not contain control characters',
      });
    }
    await expectNothingLeft();
  });

  it('asks for a thumbnail by a name of the right shape that is no video id: a 400', async () => {
    for (const name of ['000000000000000000000000000000000000.jpg', '-'.repeat(36) + '.jpg']) {
      const res = await server.request(`/api/thumbnails/${name}`, { headers: { cookie } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'name: Not a thumbnail name' });
    }
  });

  it('without an image is a 400', async () => {
    const body = new FormData();
    body.set('blobData', '{}');
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'image: an image file is required' });
  });
});
