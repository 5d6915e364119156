import { api, type Endpoint } from '@rasma/contract';
import fc from 'fast-check';
import sharp from 'sharp';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let png: Buffer;
beforeAll(async () => {
  png = await PNG;
  server = await startTestServer();
});
// Fails the file when the server answered any request with a 500 (see startTestServer).
afterAll(() => server.close());

/** What a hostile client slips into a string: control characters, a lone surrogate, a path... */
const HOSTILE_FRAGMENTS = ['\u0000', '%00', '\u001b[2J', '\t\n', '\ud800', '../../etc/passwd'];
/** Path parameters of the right shape that are not what they look like (the database's uuid). */
const LOOKALIKE_PARAMS = [
  '000000000000000000000000000000000000.jpg',
  '------------------------------------.jpg',
  'ffffffff-ffff-ffff-ffff-ffffffffffff.jpg',
  '00000000-0000-0000-0000-00000000000g',
];
const hostileFragment = fc.constantFrom(...HOSTILE_FRAGMENTS);
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('NaN', '1e309', '-0', '%00', '<script>', 'x'.repeat(20_000)),
  {
    arbitrary: fc.tuple(fc.string(), hostileFragment, fc.string()).map((parts) => parts.join('')),
    weight: 3,
  },
);
const hostileJson = fc.oneof(
  fc.json(),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .dictionary(hostileString, fc.oneof(hostileString, fc.double(), fc.jsonValue()))
    .map((v) => JSON.stringify(v)),
  hostileString,
);

interface Body {
  contentType: string;
  body: string | Uint8Array;
}
const BOUNDARY = 'fuzzboundary';
const multipartOf = (parts: Array<{ head: string; content: string | Uint8Array }>): Body => ({
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  body: Buffer.concat([
    ...parts.flatMap(({ head, content }) => [
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; ${head}\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]),
});
const multipart = hostileString.map((value) =>
  multipartOf([{ head: 'name="image"; filename="x.png"', content: value }]),
);
/** A real picture under a hostile file name, with settings that pass: the name reaches the handler. */
const PNG = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
  .png()
  .toBuffer();
type Example = [Record<string, string>, Body, string, Sender];
const upload = (fileName: string, note: string) =>
  multipartOf([
    { head: `name="image"; filename="${fileName.replaceAll('"', '')}"`, content: png },
    { head: 'name="blobData"', content: '{}' },
    { head: 'name="globalThreshold"', content: '128' },
    { head: 'name="note"', content: note },
  ]);
const namedUpload = fc.tuple(hostileString, fc.string()).map(([name, text]) => ({ name, text }));
const bodies: fc.Arbitrary<Body> = fc.oneof(
  hostileJson.map((body) => ({ contentType: 'application/json', body })),
  hostileJson.map((body) => ({ contentType: 'text/plain', body })),
  hostileString.map((body) => ({ contentType: 'application/x-www-form-urlencoded', body })),
  multipart,
);
const queries = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostileString, {
  maxKeys: 4,
});

const endpoints = Object.values(api) as Endpoint[];

/** Who sends: nobody signed in, a user, an administrator (whose calls reach the admin handlers). */
type Sender = 'none' | 'user' | 'admin';
/** Sessions of their own for each endpoint: `GET /api/logout` ends the ones it is sent with. */
async function signedIn(): Promise<Record<Sender, string>> {
  const { db } = server.database;
  const user = await createSignedInUser(db);
  const admin = await createSignedInUser(db, { isAdmin: true });
  return { none: '', user: user.cookie, admin: admin.cookie };
}

/** A path parameter as sent; a lone surrogate goes out as the invalid UTF-8 it would be. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value) || 'x';
  } catch {
    return '%ED%A0%80';
  }
}

const bodyFields = (e: Endpoint) =>
  e.body instanceof z.ZodObject ? Object.keys(e.body.shape) : [];

/** Objects with the endpoint's own field names, so the hostile values reach its handler. */
function shapedJson(e: Endpoint): fc.Arbitrary<string> {
  const fields = bodyFields(e);
  if (fields.length === 0) return hostileJson;
  const value = fc.oneof(
    { arbitrary: hostileString, weight: 4 },
    // Past a "starts with /" rule, such as a beacon's path.
    hostileString.map((text) => `/${text}`),
    fc.double(),
    fc.integer(),
    fc.jsonValue(),
  );
  const record = Object.fromEntries(fields.map((field) => [field, value]));
  return fc
    .oneof(fc.record(record), fc.record(record, { requiredKeys: [] }))
    .map((v) => JSON.stringify(v));
}

describe('hostile input on every endpoint', () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers 2xx, 3xx or 4xx and never shows internals',
    async (_name, e) => {
      const cookies = await signedIn();
      await fc.assert(
        fc.asyncProperty(
          queries,
          fc.oneof(
            bodies,
            shapedJson(e).map((body) => ({ contentType: 'application/json', body })),
            namedUpload.map(({ name, text }) => upload(name, text)),
          ),
          fc.oneof(hostileString, fc.constantFrom(...LOOKALIKE_PARAMS)),
          fc.constantFrom<Sender>('none', 'user', 'admin'),
          async (query, { contentType, body }, param, sender) => {
            const pathname = e.path.replace(/:\w+/g, () => encodeSegment(param));
            const url = `${pathname}?${new URLSearchParams(query).toString()}`;
            const res = await server.request(url, {
              method: e.method,
              redirect: 'manual',
              headers: {
                ...(sender === 'none' ? {} : { cookie: cookies[sender] }),
                ...(e.method === 'GET' ? {} : { 'content-type': contentType }),
              },
              ...(e.method === 'GET' ? {} : { body }),
            });
            const text = await res.text();
            expect(res.status, text).toBeLessThan(500);
            expect(text).not.toMatch(/\n\s+at |node_modules|Failed query/);
          },
        ),
        {
          numRuns: 100,
          // Always tried first, by an administrator (every handler is theirs to reach): each field
          // alone holding each hostile fragment, also past a leading slash (a beacon's path); each
          // fragment and look-alike as the path parameter; a picture whose file name holds each.
          examples: [
            ...bodyFields(e).flatMap((field) =>
              HOSTILE_FRAGMENTS.flatMap((fragment) =>
                [`a${fragment}b`, `/a${fragment}b`].map((text): Example => [
                  {},
                  { contentType: 'application/json', body: JSON.stringify({ [field]: text }) },
                  'x',
                  'admin',
                ]),
              ),
            ),
            ...(e.path.includes(':')
              ? [...HOSTILE_FRAGMENTS.map((f) => `a${f}b`), ...LOOKALIKE_PARAMS].map(
                  (param): Example => [
                    {},
                    { contentType: 'application/json', body: '{}' },
                    param,
                    'admin',
                  ],
                )
              : []),
            ...HOSTILE_FRAGMENTS.map((fragment): Example => [
              {},
              upload(`a${fragment}b.png`, ''),
              'x',
              'admin',
            ]),
          ],
        },
      );
    },
  );
});
