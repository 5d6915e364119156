import { api, type Endpoint } from '@rasma/contract';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let cookie = '';
beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await createSignedInUser(server.database.db));
});
afterAll(() => server.close());

/** What a hostile client slips into a string: control characters, a lone surrogate, a path... */
const HOSTILE_FRAGMENTS = ['\u0000', '\u001b[2J', '\ud800', '../../etc/passwd'];
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
  body: string;
}
const multipart = hostileString.map((value): Body => {
  const boundary = 'fuzzboundary';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\n\r\n${value}\r\n--${boundary}--\r\n`,
  };
});
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
      await fc.assert(
        fc.asyncProperty(
          queries,
          fc.oneof(
            bodies,
            shapedJson(e).map((body) => ({ contentType: 'application/json', body })),
          ),
          hostileString,
          fc.boolean(),
          async (query, { contentType, body }, param, signedIn) => {
            const pathname = e.path.replace(/:\w+/g, () => encodeSegment(param));
            const url = `${pathname}?${new URLSearchParams(query).toString()}`;
            const res = await server.request(url, {
              method: e.method,
              redirect: 'manual',
              headers: {
                ...(signedIn ? { cookie } : {}),
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
          // Always tried first: each field alone holding each hostile fragment.
          examples: bodyFields(e).flatMap((field) =>
            HOSTILE_FRAGMENTS.map((fragment): [Record<string, string>, Body, string, boolean] => [
              {},
              {
                contentType: 'application/json',
                body: JSON.stringify({ [field]: `a${fragment}b` }),
              },
              'x',
              false,
            ]),
          ),
        },
      );
    },
  );
});
