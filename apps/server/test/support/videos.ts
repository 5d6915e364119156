import type { CreateVideoBlobData, Video, VideoProgressEvent } from '@rasma/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { creditLedger, users, videos } from '../../src/db/schema.js';
import { findOrCreateUserByEmail } from '../../src/modules/auth/users.js';

/** A small white picture with a black box: the quickest thing to draw. */
export const boxImage = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect x="40" y="40" width="240" height="160" fill="none" stroke="#000" stroke-width="8"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/** A small drawing: dark lines on white (a circle and a line), enough for the engine to find strokes. */
export const drawing = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><circle cx="160" cy="120" r="80" fill="none" stroke="#000" stroke-width="6"/><path d="M40 200 L280 40" stroke="#000" stroke-width="5"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/** `POST /api/videos/create` with the box picture and these settings; the raw answer. */
export async function postVideo(
  baseUrl: string,
  cookie: string,
  settings: Partial<CreateVideoBlobData>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(await boxImage())], { type: 'image/png' }), 'box.png');
  form.set('blobData', JSON.stringify(settings));
  return fetch(new URL('/api/videos/create', baseUrl), {
    method: 'POST',
    headers: { ...headers, cookie },
    body: form,
  });
}

/** A video of the box picture, drawn in `drawingTime` seconds (created: 201). */
export async function createVideo(
  baseUrl: string,
  cookie: string,
  settings: Partial<CreateVideoBlobData> = {},
  headers: Record<string, string> = {},
): Promise<Video> {
  const res = await postVideo(baseUrl, cookie, { drawingTime: 1, ...settings }, headers);
  expect(res.status).toBe(201);
  return ((await res.json()) as { video: Video }).video;
}

/** Reads the user's progress stream until `until` says stop; returns the events seen. */
export async function readProgress(
  baseUrl: string,
  cookie: string,
  userId: string,
  until: (event: VideoProgressEvent) => boolean,
): Promise<VideoProgressEvent[]> {
  const res = await fetch(new URL(`/api/video-progress/${userId}`, baseUrl), {
    headers: { cookie },
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  if (!res.body) throw new Error('no stream');
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  const events: VideoProgressEvent[] = [];
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffered += new TextDecoder().decode(value);
    const blocks = buffered.split('\n\n');
    buffered = blocks.pop() ?? '';
    for (const block of blocks) {
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!data) continue;
      const event = JSON.parse(data) as VideoProgressEvent;
      events.push(event);
      if (until(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
}

/** The user's ledger, balance and ledger sum (equal whenever the books are right). */
export async function books(database: Database, userId: string) {
  const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  return {
    kinds: rows.map((r) => r.kind),
    balance: user?.credits,
    sum: rows.reduce((t, r) => t + r.delta, 0),
  };
}

/** A new account (with its sign-up grant, so the whole balance is in the ledger) and its cookie. */
export async function newAccount(
  database: Database,
  sessions: { create(id: string): Promise<{ token: string }> },
) {
  const user = await findOrCreateUserByEmail(
    database.db,
    `r${Date.now()}${Math.random()}@example.test`,
  );
  return { user, cookie: `rasma_session=${(await sessions.create(user.id)).token}` };
}

/** The video's row once it is no longer processing. */
export async function waitUntilFinished(database: Database, videoId: string) {
  for (;;) {
    const [row] = await database.db.select().from(videos).where(eq(videos.id, videoId));
    if (row && row.status !== 'processing') return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The render queue's jobs for a video: how each ended and how often it was tried again. */
export async function renderJobs(database: Database, videoId: string) {
  const { rows } = await database.executeSql(
    `select state, retry_count from pgboss.job where name = 'render-video' and data->>'videoId' = $1`,
    [videoId],
  );
  return rows;
}

/** A create whose upload is still arriving: half now, the rest when `finish` is called. */
export function slowCreate(url: string, cookie: string, image: Buffer) {
  const boundary = 'rasma-slow-upload';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="blobData"\r\n\r\n{"drawingTime":1}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="box.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const half = Math.floor(body.length / 2);
  let finish = (): void => undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body.subarray(0, half));
      finish = () => {
        controller.enqueue(body.subarray(half));
        controller.close();
      };
    },
  });
  const answer = fetch(new URL('/api/videos/create', url), {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: stream,
    duplex: 'half',
  });
  return { answer, finish: () => finish() };
}
