import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { STROKE_EDIT_LIMITS, type StrokeEdits, type Video } from '@rasma/contract';
import { resolveFfmpeg } from '@rasma/engine';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videos } from '../src/db/schema.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, storedUploads, type TestServer } from './support/test-server.js';

// Renders run one at a time on this 2-core machine, shared with other work: they get time.
vi.setConfig({ testTimeout: 900_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDER_EXPIRY_SECONDS: '600' });
});
afterAll(() => server.close());

const [WIDTH, HEIGHT] = [320, 240];
/** A line across the picture (deleted below) and a circle it does not touch. */
const LINE: [number, number][] = [
  [40, 200],
  [150, 130],
];
const drawing = () =>
  sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><circle cx="230" cy="110" r="60" fill="none" stroke="#000" stroke-width="6"/><path d="M${LINE[0]!.join(' ')} L${LINE[1]!.join(' ')}" stroke="#000" stroke-width="5"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

/** A stroke drawn by hand along the top, where the picture is blank. */
const ADDED: [number, number, number][] = [
  [40, 20, 0.5],
  [280, 20, 0.5],
];

function post(cookie: string, blobData: string | object, image?: Buffer) {
  return (async () => {
    const form = new FormData();
    const bytes = image ?? (await drawing());
    form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'drawing.png');
    form.set('blobData', typeof blobData === 'string' ? blobData : JSON.stringify(blobData));
    return server.request('/api/videos/create', {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
  })();
}

async function credits(cookie: string) {
  const res = await server.request('/api/credits', { headers: { cookie } });
  return ((await res.json()) as { credits: number }).credits;
}

async function waitUntilMade(cookie: string, id: string): Promise<Video> {
  const until = Date.now() + 800_000;
  for (;;) {
    const res = await server.request('/api/videos?page=1', { headers: { cookie } });
    const video = ((await res.json()) as { videos: Video[] }).videos.find((v) => v.id === id);
    if (video && video.status !== 'processing') {
      const [row] = await server.database.db.select().from(videos).where(eq(videos.id, id));
      expect(row?.error ?? null).toBeNull();
      return video;
    }
    if (Date.now() > until) throw new Error(`video ${id} still processing`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The finished video's last frame, grey, and its width. */
async function lastFrame(cookie: string, id: string): Promise<{ grey: Buffer; width: number }> {
  const res = await server.request(`/api/videos/${id}/download`, { headers: { cookie } });
  const dir = await mkdtemp(path.join(tmpdir(), 'rasma-edits-'));
  try {
    const file = path.join(dir, 'video.mp4');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const { path: ffmpeg } = await resolveFfmpeg();
    const args = ['-sseof', '-0.2', '-i', file, '-frames:v', '1', '-f', 'rawvideo'];
    const { stdout: grey } = await promisify(execFile)(
      ffmpeg,
      [...args, '-pix_fmt', 'gray', 'pipe:1'],
      {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    // The picture's own proportions: 4 : 3.
    const width = Math.round(Math.sqrt((grey.length * WIDTH) / HEIGHT));
    expect(grey.length).toBe(width * (width / WIDTH) * HEIGHT);
    return { grey, width };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Mean grey along a line given in the picture's pixels (its middle 80 %), darkest of 3 x 3. */
function meanAlong(frame: { grey: Buffer; width: number }, line: readonly (readonly number[])[]) {
  const scale = frame.width / WIDTH;
  const [a, b] = [line[0]!, line.at(-1)!];
  let sum = 0;
  let n = 0;
  for (let t = 0.1; t <= 0.9; t += 0.01, n++) {
    const x = (a[0]! + (b[0]! - a[0]!) * t) * scale;
    const y = (a[1]! + (b[1]! - a[1]!) * t) * scale;
    let darkest = 255;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        darkest = Math.min(
          darkest,
          frame.grey[Math.round(y + dy) * frame.width + Math.round(x + dx)]!,
        );
    sum += darkest;
  }
  return sum / n;
}

const deletedLine = (part = '0.1'): StrokeEdits['deleted'] => [{ part, points: LINE }];

describe('stroke edits in a create call', () => {
  const refused: [string, string | object, RegExp][] = [
    [
      'a part of a zone the payload lacks',
      { drawingTime: 1, edits: { deleted: deletedLine('2.0') } },
      /^blobData\.edits\.deleted\.0\.part: Part "2\.0" is of Special Zone 2, but there are 0 zones$/,
    ],
    [
      'a removed part of a zone the payload lacks',
      { drawingTime: 1, edits: { parts: { '3.1': { removed: true } } } },
      /^blobData\.edits\.parts\.3\.1: Part "3\.1" is of Special Zone 3, but there are 0 zones$/,
    ],
    [
      'a part of strokes drawn by hand marked removed',
      {
        drawingTime: 1,
        edits: {
          added: [{ part: 'added.1', points: ADDED }],
          parts: { 'added.1': { removed: true } },
        },
      },
      /^blobData\.edits\.parts\.added\.1\.removed: Only a planned part can be removed; strokes drawn by hand are deleted themselves$/,
    ],
    [
      'a band past the last',
      { drawingTime: 1, edits: { order: ['0.8'] } },
      /^blobData\.edits\.order\.0: A part id is "group\.band" or "added\.n"$/,
    ],
    [
      'a part of strokes drawn by hand that has none',
      { drawingTime: 1, edits: { order: ['0.0', 'added.2'] } },
      /^blobData\.edits\.order\.1: Part "added\.2" has no strokes drawn by hand$/,
    ],
    [
      '100,000 deleted strokes',
      {
        drawingTime: 1,
        edits: {
          deleted: Array.from({ length: 100_000 }, () => ({ part: '0.0', points: [[1, 1]] })),
        },
      },
      /^blobData\.edits\.deleted: At most 2000 strokes may be deleted$/,
    ],
    [
      'a coordinate of 1e400 (Infinity)',
      '{"drawingTime":1,"edits":{"deleted":[{"part":"0.0","points":[[1e400,5]]}]}}',
      /^blobData\.edits\.deleted\.0\.points\.0\.0: A coordinate must be a finite number$/,
    ],
    [
      'a coordinate of null (NaN in JSON.stringify)',
      {
        drawingTime: 1,
        edits: {
          added: [
            {
              part: 'added.1',
              points: [
                [NaN, 5, 0.5],
                [9, 9, 0.5],
              ],
            },
          ],
        },
      },
      /^blobData\.edits\.added\.0\.points\.0\.0: A coordinate must be a finite number$/,
    ],
    [
      'a coordinate given as the string "NaN"',
      { drawingTime: 1, edits: { deleted: [{ part: '0.0', points: [['NaN', 5]] }] } },
      /^blobData\.edits\.deleted\.0\.points\.0\.0: A coordinate must be a finite number$/,
    ],
    [
      'a stroke outside the picture',
      {
        drawingTime: 1,
        edits: {
          added: [
            {
              part: 'added.1',
              points: [
                [10, 10, 0.5],
                [10, 241, 0.5],
              ],
            },
          ],
        },
      },
      /^blobData\.edits\.added\.0\.points\.1: The point \(10, 241\) lies outside the picture \(320 x 240 pixels\)$/,
    ],
    [
      'strokes longer in all than the picture allows (issue 33: a zig-zag between its corners)',
      {
        drawingTime: 1,
        edits: {
          added: [
            {
              part: 'added.1',
              points: Array.from({ length: STROKE_EDIT_LIMITS.maxPointsPerStroke }, (_, i) =>
                i % 2 === 0 ? [0, 0, 0.5] : [WIDTH, HEIGHT, 0.5],
              ),
            },
          ],
        },
      },
      /^blobData\.edits\.added\.0\.points: The deleted and added strokes are at most 200 times the picture's diagonal long in all \(80,000 pixels for 320 x 240\)/,
    ],
    [
      'a time scale of 10',
      { drawingTime: 1, edits: { parts: { '0.0': { timeScale: 10 } } } },
      /^blobData\.edits\.parts\.0\.0\.timeScale: A time scale is 0\.25 to 4$/,
    ],
  ];

  for (const [what, blobData, message] of refused) {
    it(`refuses ${what} with a 400 naming the field, and debits and keeps nothing`, async () => {
      const { user, cookie } = await createSignedInUser(server.database.db, { credits: 40 });
      const imagesBefore = await storedUploads(server);
      const res = await post(cookie, blobData);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; code: string };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toMatch(message);
      expect(await credits(cookie)).toBe(40);
      const rows = await server.database.db.select().from(videos).where(eq(videos.userId, user.id));
      expect(rows).toEqual([]);
      expect(await storedUploads(server)).toEqual(imagesBefore);
    });
  }

  it('refuses too many edits before it reads the image', async () => {
    const { cookie } = await createSignedInUser(server.database.db, { credits: 40 });
    const many = Array.from({ length: 100_000 }, () => ({ part: '0.0', points: [[1, 1]] }));
    // Not an image at all: the edits are refused first, not the file.
    const res = await post(cookie, { edits: { deleted: many } }, Buffer.from('not an image'));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^blobData\.edits\.deleted:/,
    );
  });

  it('renders a deleted stroke out of the video and an added one into it', async () => {
    const { cookie } = await createSignedInUser(server.database.db, { credits: 40 });
    const make = async (edits?: StrokeEdits) => {
      const res = await post(cookie, { drawingTime: 1, hand: 'none', ...(edits ? { edits } : {}) });
      expect(res.status).toBe(201);
      const { video } = (await res.json()) as { video: Video };
      expect(await waitUntilMade(cookie, video.id)).toMatchObject({ status: 'completed' });
      return lastFrame(cookie, video.id);
    };
    const plain = await make();
    const edited = await make({
      deleted: deletedLine(),
      added: [{ part: 'added.1', points: ADDED }],
    });
    // The line: drawn in the plain video, gone from the edited one.
    expect(meanAlong(plain, LINE)).toBeLessThan(100);
    expect(meanAlong(edited, LINE)).toBeGreaterThan(200);
    // The stroke drawn by hand: blank in the plain video, inked in the edited one.
    expect(meanAlong(plain, ADDED)).toBeGreaterThan(200);
    expect(meanAlong(edited, ADDED)).toBeLessThan(100);
    // The circle is in both.
    const circle = [
      [230 - 60, 110],
      [230 - 60, 110.01],
    ];
    expect(meanAlong(edited, circle)).toBeLessThan(100);
    expect(await credits(cookie)).toBe(20);
  });
  it('takes the largest edits the contract allows, and keeps them for the render', async () => {
    const { cookie } = await createSignedInUser(server.database.db, { credits: 40 });
    const L = STROKE_EDIT_LIMITS;
    const half = L.maxPoints / 2;
    const deletedCount = half / 25;
    const addedCount = half / 100;
    expect(deletedCount).toBeLessThanOrEqual(L.maxDeleted);
    expect(addedCount).toBeLessThanOrEqual(L.maxAdded);
    // Strokes from places spread over the picture, a pixel a point: within the length bound.
    const at = (s: number, i: number, n: number, size: number) =>
      Math.round((((s * 7919) % n) / n) * (size - 100) * 100) / 100 + i;
    const edits: StrokeEdits = {
      deleted: Array.from({ length: deletedCount }, (_, s) => ({
        part: `0.${s % 8}`,
        points: Array.from({ length: 25 }, (_, i) => [
          at(s, i, 9973, WIDTH),
          at(s, 0, 997, HEIGHT),
        ]),
      })),
      added: Array.from({ length: addedCount }, (_, s) => ({
        part: `added.${s + 1}`,
        points: Array.from({ length: 100 }, (_, i) => [
          at(s, 0, 9967, WIDTH),
          at(s, i, 991, HEIGHT),
          (i % 10) / 9,
        ]),
      })),
      order: [
        ...Array.from({ length: 8 }, (_, b) => `0.${b}`),
        ...Array.from({ length: L.maxParts - 8 }, (_, s) => `added.${s + 1}`),
      ],
      parts: Object.fromEntries(
        Array.from({ length: L.maxParts }, (_, s) => [
          `added.${s + 1}`,
          { timeScale: L.maxTimeScale, direction: 'Bottom to top' },
        ]),
      ),
    };
    const blobData = JSON.stringify({ drawingTime: 1, edits });
    expect(blobData.length).toBeGreaterThan(1_000_000);
    const res = await post(cookie, blobData);
    expect(res.status).toBe(201);
    const { video } = (await res.json()) as { video: Video };
    // The render takes them as they came (its options are checked with the same schema).
    const [row] = await server.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect((row?.options as { edits?: unknown }).edits).toEqual(edits);
  });
});
