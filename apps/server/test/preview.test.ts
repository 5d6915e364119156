import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ZONE_LIMITS } from '@rasma/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** A 1600x1200 photo-like sample: its outline takes the CPU a while at the preview's 1280 px. */
const SAMPLE = path.resolve(import.meta.dirname, '../../web/public/samples/cat-in-box.webp');

let server: TestServer;
let cookie: string;
let sample: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await createSignedInUser(server.database.db));
  sample = await readFile(SAMPLE);
});
afterAll(() => server.close());

function previewForm(fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(sample)], { type: 'image/webp' }), 'cat.webp');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const preview = (form: FormData, headers: Record<string, string> = { cookie }) =>
  server.request('/api/preview-outline', { method: 'POST', headers, body: form });

async function outlineOf(res: Response) {
  const body = (await res.json()) as { success: boolean; image: string };
  expect(body.success).toBe(true);
  const [prefix, data] = body.image.split(',');
  expect(prefix).toBe('data:image/png;base64');
  const png = Buffer.from(data ?? '', 'base64');
  const grey = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { info } = grey;
  const ink = grey.data.reduce((count, value) => count + (value < 128 ? 1 : 0), 0);
  return { width: info.width, height: info.height, inkShare: ink / (info.width * info.height) };
}

describe('POST /api/preview-outline', () => {
  it('answers the outline as a PNG at most 1280 px long, darker with a higher fill level', async () => {
    const light = await preview(previewForm({ globalThreshold: '20' }));
    expect(light.status).toBe(200);
    const lightOutline = await outlineOf(light);
    expect([lightOutline.width, lightOutline.height]).toEqual([1280, 960]);

    // The light values are hatched with a fine, sparse pen: on this line drawing, the whole box
    // and the cat hatched are about a quarter more ink.
    const dark = await outlineOf(await preview(previewForm({ globalThreshold: '255' })));
    expect(dark.inkShare).toBeGreaterThan(lightOutline.inkShare * 1.15);
  });

  it('refuses a visitor and an out-of-range fill level', async () => {
    expect((await preview(previewForm(), {})).status).toBe(401);
    const res = await preview(previewForm({ globalThreshold: '300' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('globalThreshold');
  });

  it('keeps answering other requests while an outline is drawn', async () => {
    let previewDone = false;
    const started = performance.now();
    const drawing = preview(previewForm({ globalThreshold: '128' })).then((res) => {
      previewDone = true;
      return { status: res.status, ms: performance.now() - started };
    });
    // The longest the server went without answering a health check while the preview was drawn.
    let longestGap = 0;
    let last = performance.now();
    while (!previewDone) {
      await server.request('/api/health');
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }
    const { status, ms } = await drawing;
    expect(status).toBe(200);
    // On the request thread, one gap would be the whole outline: most of the preview's time.
    expect(longestGap).toBeLessThan(ms / 3);
  });

  it("answers only the newest of a person's previews still waiting: the one it replaced is a 409", async () => {
    const sent = [0, 1, 2].map(async () => {
      const res = await preview(previewForm({ globalThreshold: '128' }));
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    });
    const [first, replaced, newest] = await Promise.all(sent);
    expect(first!.status).toBe(200);
    expect(replaced).toEqual({
      status: 409,
      body: { message: 'A newer preview replaced this one.', code: 'PREVIEW_REPLACED' },
    });
    expect(newest!.status).toBe(200);
  });

  it("keeps another person's small preview quick while one person sends a burst of the heaviest", async () => {
    const heavyZones = JSON.stringify(
      [1, 2, 3, 4].map((seed) => {
        let state = seed;
        const next = () => (state = (state * 1103515245 + 12345) % 2147483648) % 1600;
        return {
          points: Array.from({ length: ZONE_LIMITS.maxPointsPerZone }, () => ({
            x: next(),
            y: next() % 1200,
          })),
          brushSize: ZONE_LIMITS.maxBrushSize,
          fillLevel: 50,
        };
      }),
    );
    const burst = Array.from({ length: 3 }, async () => {
      const answer = await preview(
        previewForm({ globalThreshold: '128', maskDetails: heavyZones }),
      );
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    });
    // Their uploads (7 MB each) reach the server first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const other = await createSignedInUser(server.database.db);
    const small = new FormData();
    small.set('image', new Blob([new Uint8Array(await tinyPng())], { type: 'image/png' }), 's.png');
    small.set('globalThreshold', '128');
    const started = performance.now();
    const res = await preview(small, { cookie: other.cookie });
    const waited = performance.now() - started;
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    // Behind at most the burst's preview under way and its newest: seconds, not minutes.
    expect(waited).toBeLessThan(30_000);
    // The newest of the burst is drawn; those it replaced while they waited say so.
    const answers = await Promise.all(burst);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const { status, body } of answers) {
      if (status !== 200) expect(body).toMatchObject({ code: 'PREVIEW_REPLACED' });
    }
  });
});

const tinyPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
