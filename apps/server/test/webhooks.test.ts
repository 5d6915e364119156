/**
 * Signed webhooks, end to end: endpoints registered through the API, a real receiver on loopback
 * (the servers that deliver to it run with WEBHOOK_ALLOW_PRIVATE_ADDRESSES), deliveries made by
 * real renders that complete or fail, checked with the receiver's own verification helper.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  webhookPayloadSchema,
  webhooksResponseSchema,
  type WebhookDelivery,
  type WebhookEvent,
} from '@rasma/contract';
import { verifyWebhookSignature } from '@rasma/contract/webhook-signature';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema.js';
import { JOBS } from '../src/jobs/definitions.js';
import { sendingQueue } from './support/queue.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { createVideo, newAccount, waitUntilFinished } from './support/videos.js';

vi.setConfig({ testTimeout: 120_000 });

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * An HTTP receiver on loopback that records every request. `answer` decides each response (by
 * default a 200); `next(path, n)` resolves once `n` requests reached `path`.
 */
async function startReceiver() {
  const received: Received[] = [];
  const waiting: { path: string; count: number; resolve: () => void }[] = [];
  let answer = (request: Received, response: ServerResponse): void => {
    response.end('ok');
  };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      answer(request, res);
      for (const wait of waiting) {
        if (received.filter((r) => r.path === wait.path).length >= wait.count) wait.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    at: (path: string) => received.filter((r) => r.path === path),
    answerWith(handler: typeof answer) {
      answer = handler;
    },
    next(path: string, count = 1): Promise<Received[]> {
      return new Promise((resolve) => {
        const done = () => resolve(received.filter((r) => r.path === path));
        if (received.filter((r) => r.path === path).length >= count) done();
        else waiting.push({ path, count, resolve: done });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const json = (body: unknown, cookie: string): RequestInit => ({
  method: 'POST',
  headers: { cookie, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function registerWebhook(
  server: TestServer,
  cookie: string,
  url: string,
  events: WebhookEvent[],
) {
  const res = await server.request('/api/account/webhooks', json({ url, events }, cookie));
  expect(res.status).toBe(201);
  return (await res.json()) as { secret: string; webhook: { id: string } };
}

async function listWebhooks(server: TestServer, cookie: string) {
  const res = await server.request('/api/account/webhooks', { headers: { cookie } });
  expect(res.status).toBe(200);
  return webhooksResponseSchema.parse(await res.json()).webhooks;
}

/** The endpoint's newest delivery as the account page lists it, once `until` holds for it. */
async function deliveryListed(
  server: TestServer,
  cookie: string,
  endpointId: string,
  until: (delivery: WebhookDelivery) => boolean,
): Promise<WebhookDelivery> {
  return vi.waitFor(
    async () => {
      const endpoint = (await listWebhooks(server, cookie)).find((w) => w.id === endpointId);
      const [delivery] = endpoint?.deliveries ?? [];
      if (!delivery || !until(delivery)) throw new Error('not yet');
      return delivery;
    },
    { timeout: 60_000, interval: 200 },
  );
}

/** The queue's jobs for one delivery: how each ended. */
async function deliveryJobs(server: TestServer, deliveryId: string) {
  const { rows } = await server.database.executeSql(
    `select state from pgboss.job where name = 'webhook-delivery' and data->>'deliveryId' = $1`,
    [deliveryId],
  );
  return rows;
}

const ALLOW = { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_RETRY_SECONDS: '1' };
/** An ffmpeg that cannot run: every render fails, retried once, then the video fails. */
const FAILING_RENDERS = { FFMPEG_PATH: '/nonexistent/ffmpeg' };

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

describe('webhooks of a completed render (the allow setting on)', () => {
  let server: TestServer;
  let cookie: string;
  let videoId: string;
  const secrets: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let held: ServerResponse | undefined;

  /** Everything the server logs, down to debug: a secret or a body must never be in it. */
  let logs = '';

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    server = await startTestServer({ ...ALLOW, LOG_LEVEL: 'debug' }, { logStream });
    ({ cookie } = await newAccount(server.database, server.app.sessions));
    for (const [name, events] of [
      ['/ok', ['video.completed']],
      ['/flaky', ['video.completed', 'video.failed']],
      ['/failures-only', ['video.failed']],
    ] as const) {
      const { secret, webhook } = await registerWebhook(server, cookie, receiver.url(name), [
        ...events,
      ]);
      secrets[name] = secret;
      ids[name] = webhook.id;
    }
    // /flaky answers its first request 500 and holds its second until the test has looked.
    receiver.answerWith((request, response) => {
      if (request.path !== '/flaky') return void response.end('ok');
      if (receiver.at('/flaky').length === 1) {
        response.statusCode = 500;
        return void response.end('down');
      }
      held = response;
    });
    videoId = (await createVideo(server.url, cookie)).id;
  });
  afterAll(() => server?.close());

  it('shows the secret once, at creation, and never in the list', async () => {
    expect(secrets['/ok']).toMatch(new RegExp(`^${WEBHOOK_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`));
    const listed = JSON.stringify(await listWebhooks(server, cookie));
    for (const secret of Object.values(secrets)) expect(listed).not.toContain(secret);
  });

  it('delivers video.completed once, signed with the endpoint secret', async () => {
    const [request] = await receiver.next('/ok');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/^Rasma-Webhooks\//);
    const signature = request!.headers['rasma-signature'] as string;
    expect(verifyWebhookSignature(secrets['/ok']!, signature, request!.body)).toBe(true);
    // Another endpoint's secret, or a body changed on the way, does not verify.
    expect(verifyWebhookSignature(secrets['/flaky']!, signature, request!.body)).toBe(false);
    expect(verifyWebhookSignature(secrets['/ok']!, signature, request!.body + ' ')).toBe(false);

    const payload = webhookPayloadSchema.parse(JSON.parse(request!.body));
    expect(payload.type).toBe('video.completed');
    expect(payload.data.video).toMatchObject({ id: videoId, status: 'completed', progress: 100 });

    const delivery = await deliveryListed(
      server,
      cookie,
      ids['/ok']!,
      (d) => d.status !== 'pending',
    );
    expect(delivery).toMatchObject({
      id: payload.id,
      event: 'video.completed',
      videoId,
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    });
    // Its one job has ended: no second request can follow.
    await vi.waitFor(
      async () => expect(await deliveryJobs(server, payload.id)).toEqual([{ state: 'completed' }]),
      { timeout: 30_000, interval: 100 },
    );
    expect(receiver.at('/ok')).toHaveLength(1);
  });

  it('retries a delivery the receiver answered 500, the list showing the failed attempt', async () => {
    const [first] = await receiver.next('/flaky');
    const failed = await deliveryListed(server, cookie, ids['/flaky']!, (d) => d.attempts === 1);
    expect(failed).toMatchObject({
      status: 'pending',
      lastStatusCode: 500,
      lastError: 'The receiver answered 500',
    });

    const [, second] = await receiver.next('/flaky', 2);
    // The same delivery, the same bytes, signed again.
    expect(second!.body).toBe(first!.body);
    expect(
      verifyWebhookSignature(
        secrets['/flaky']!,
        second!.headers['rasma-signature'] as string,
        second!.body,
      ),
    ).toBe(true);
    held!.end('ok');
    const delivered = await deliveryListed(server, cookie, ids['/flaky']!, (d) => d.attempts === 2);
    expect(delivered).toMatchObject({ status: 'delivered', lastStatusCode: 200, lastError: null });
    expect(delivered.deliveredAt).not.toBeNull();
  });

  it('logs neither a secret nor a body, a failed attempt included', async () => {
    await deliveryListed(server, cookie, ids['/flaky']!, (d) => d.status === 'delivered');
    expect(logs).toContain('webhook-delivery'); // the failed attempt was logged
    for (const secret of Object.values(secrets)) expect(logs).not.toContain(secret);
    const [request] = receiver.at('/flaky');
    // As sent, or escaped inside a JSON log line.
    expect(logs).not.toContain(request!.body);
    expect(logs).not.toContain(JSON.stringify(request!.body).slice(1, -1));
  });

  it('tells an endpoint only of the events it chose', async () => {
    await waitUntilFinished(server.database, videoId);
    const [failuresOnly] = (await listWebhooks(server, cookie)).filter(
      (w) => w.id === ids['/failures-only'],
    );
    expect(failuresOnly!.deliveries).toEqual([]);
    expect(receiver.at('/failures-only')).toEqual([]);
  });
});

describe('webhooks of a failed render (the allow setting on)', () => {
  it('delivers video.failed with the failed video', async () => {
    const server = await startTestServer({ ...ALLOW, ...FAILING_RENDERS });
    try {
      const { cookie } = await newAccount(server.database, server.app.sessions);
      const { secret } = await registerWebhook(server, cookie, receiver.url('/failed'), [
        'video.failed',
      ]);
      await registerWebhook(server, cookie, receiver.url('/completed-only'), ['video.completed']);
      const video = await createVideo(server.url, cookie);

      const [request] = await receiver.next('/failed');
      expect(
        verifyWebhookSignature(
          secret,
          request!.headers['rasma-signature'] as string,
          request!.body,
        ),
      ).toBe(true);
      const payload = webhookPayloadSchema.parse(JSON.parse(request!.body));
      expect(payload.type).toBe('video.failed');
      expect(payload.data.video).toMatchObject({ id: video.id, status: 'failed' });
      expect(receiver.at('/completed-only')).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('without the allow setting', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEBHOOK_RETRY_SECONDS: '1', ...FAILING_RENDERS });
  });
  afterAll(() => server?.close());

  it.each([
    ['http://example.com/hook', WEBHOOK_MESSAGES.httpsOnly],
    ['ftp://example.com/hook', WEBHOOK_MESSAGES.httpsOnly],
    ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.privateAddress],
    ['https://localhost/hook', WEBHOOK_MESSAGES.privateAddress],
    ['https://[::1]/hook', WEBHOOK_MESSAGES.privateAddress],
    ['https://[::ffff:127.0.0.1]/hook', WEBHOOK_MESSAGES.privateAddress],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress],
    ['https://10.1.2.3/hook', WEBHOOK_MESSAGES.privateAddress],
    ['https://192.168.0.10/hook', WEBHOOK_MESSAGES.privateAddress],
    ['https://100.64.0.1/hook', WEBHOOK_MESSAGES.privateAddress],
    ['https://no-such-host.invalid/hook', WEBHOOK_MESSAGES.hostNotFound],
  ])('refuses %s at registration', async (url, message) => {
    const { cookie } = await newAccount(server.database, server.app.sessions);
    const res = await server.request(
      '/api/account/webhooks',
      json({ url, events: ['video.completed'] }, cookie),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, code: 'WEBHOOK_URL_REFUSED' });
    expect(await listWebhooks(server, cookie)).toEqual([]);
  });

  it('refuses a delivery whose host resolves to a private address by then', async () => {
    const { user, cookie } = await newAccount(server.database, server.app.sessions);
    // As if registered while its name resolved to a public address: `localhost` resolves to loopback.
    const [endpoint] = await server.database.db
      .insert(webhookEndpoints)
      .values({
        userId: user.id,
        url: `https://localhost:${receiver.port}/rebound`,
        events: ['video.failed'],
        secret: `${WEBHOOK_SECRET_PREFIX}rebound`,
      })
      .returning();
    await createVideo(server.url, cookie);

    const delivery = await deliveryListed(server, cookie, endpoint!.id, (d) => d.attempts >= 1);
    expect(delivery).toMatchObject({
      event: 'video.failed',
      lastStatusCode: null,
      lastError: `Refused: ${WEBHOOK_MESSAGES.privateAddress}`,
    });
    expect(receiver.at('/rebound')).toEqual([]);
  });
});

describe('a delivery whose job the queue gave up on', () => {
  it('is failed, not left pending', async () => {
    const server = await startTestServer({ ...ALLOW, RENDER_WORKERS: '0' });
    try {
      const { user, cookie } = await newAccount(server.database, server.app.sessions);
      const { webhook } = await registerWebhook(server, cookie, receiver.url('/given-up'), [
        'video.failed',
      ]);
      // As a job that expired on its last try (its process died mid-attempt) leaves it.
      const [delivery] = await server.database.db
        .insert(webhookDeliveries)
        .values({
          endpointId: webhook.id,
          event: 'video.failed',
          videoId: user.id,
          body: '{}',
          attempts: 3,
        })
        .returning();
      await sendingQueue(server.database).send(JOBS.webhookDeliveryFailed.name, {
        deliveryId: delivery!.id,
      });
      expect(
        await deliveryListed(server, cookie, webhook.id, (d) => d.status !== 'pending'),
      ).toMatchObject({
        status: 'failed',
        attempts: 3,
        lastError: 'Gave up: the attempts ran out',
      });
      expect(receiver.at('/given-up')).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('webhook endpoints of the account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...ALLOW, RENDER_WORKERS: '0' });
  });
  afterAll(() => server?.close());

  it('keeps each person to their own: another person’s id answers 404', async () => {
    const owner = await newAccount(server.database, server.app.sessions);
    const other = await newAccount(server.database, server.app.sessions);
    const { webhook } = await registerWebhook(server, owner.cookie, receiver.url('/mine'), [
      'video.completed',
    ]);
    expect(await listWebhooks(server, other.cookie)).toEqual([]);

    const remove = (cookie: string) =>
      server.request(`/api/account/webhooks/${webhook.id}`, {
        method: 'DELETE',
        headers: { cookie },
      });
    const refused = await remove(other.cookie);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ message: 'Webhook not found', code: 'NOT_FOUND' });
    expect(await listWebhooks(server, owner.cookie)).toHaveLength(1);

    expect((await remove(owner.cookie)).status).toBe(200);
    expect(await listWebhooks(server, owner.cookie)).toEqual([]);
    expect((await remove(owner.cookie)).status).toBe(404);
  });

  it(`allows ${WEBHOOK_LIMITS.maxEndpointsPerUser} endpoints a person, then answers 409`, async () => {
    const { cookie } = await newAccount(server.database, server.app.sessions);
    const creates = Array.from({ length: WEBHOOK_LIMITS.maxEndpointsPerUser + 2 }, (_, i) =>
      server.request(
        '/api/account/webhooks',
        json({ url: receiver.url(`/limit/${i}`), events: ['video.completed'] }, cookie),
      ),
    );
    // Sent at once: the count holds under concurrent creates too.
    const answers = await Promise.all(creates);
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(WEBHOOK_LIMITS.maxEndpointsPerUser).fill(201),
      409,
      409,
    ]);
    const refused = answers.find((res) => res.status === 409)!;
    expect(await refused.json()).toEqual({
      message: WEBHOOK_MESSAGES.tooMany,
      code: 'TOO_MANY_WEBHOOKS',
    });
    expect(await listWebhooks(server, cookie)).toHaveLength(WEBHOOK_LIMITS.maxEndpointsPerUser);
  });
});

describe('redirects (the allow setting on)', () => {
  it(`follows up to ${WEBHOOK_LIMITS.maxRedirects} redirects, POSTing the same signed body, and no more`, async () => {
    const server = await startTestServer({ ...ALLOW, ...FAILING_RENDERS });
    try {
      const { cookie } = await newAccount(server.database, server.app.sessions);
      receiver.answerWith((request, response) => {
        // /hop/N redirects to /hop/N-1; /hop/0 answers 200.
        const hops = /^\/(?:hop|loop)\/(\d+)$/.exec(request.path);
        if (!hops || hops[1] === '0') return void response.end('ok');
        response.statusCode = 307;
        response.setHeader('location', request.path.replace(/\d+$/, String(Number(hops[1]) - 1)));
        response.end();
      });
      const followed = WEBHOOK_LIMITS.maxRedirects;
      const { webhook: within } = await registerWebhook(
        server,
        cookie,
        receiver.url(`/hop/${followed}`),
        ['video.failed'],
      );
      const { webhook: beyond } = await registerWebhook(
        server,
        cookie,
        receiver.url(`/loop/${followed + 1}`),
        ['video.failed'],
      );
      await createVideo(server.url, cookie);

      const [arrived] = await receiver.next('/hop/0');
      expect(arrived!.headers['content-type']).toBe('application/json');
      expect(receiver.at(`/hop/${followed}`)[0]!.body).toBe(arrived!.body);
      const delivered = await deliveryListed(server, cookie, within.id, (d) => d.attempts >= 1);
      expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });

      const refused = await deliveryListed(server, cookie, beyond.id, (d) => d.attempts >= 1);
      expect(refused).toMatchObject({
        lastStatusCode: 307,
        lastError: `More than ${WEBHOOK_LIMITS.maxRedirects} redirects`,
      });
      expect(receiver.at('/loop/0')).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

// Two processes need PostgreSQL (the embedded database serves one process).
describe.runIf(process.env.TEST_DATABASE_URL)('two web processes on one database', () => {
  it('deliver each delivery once between them', async () => {
    const rendering = await startTestServer(ALLOW);
    const other = await startTestServer({
      ...ALLOW,
      RENDER_WORKERS: '0',
      DATABASE_URL: rendering.config.databaseUrl!,
    });
    try {
      const { cookie } = await newAccount(rendering.database, rendering.app.sessions);
      const paths = Array.from(
        { length: WEBHOOK_LIMITS.maxEndpointsPerUser },
        (_, i) => `/fleet/${i}`,
      );
      for (const path of paths) {
        await registerWebhook(rendering, cookie, receiver.url(path), ['video.completed']);
      }
      await createVideo(rendering.url, cookie);

      for (const path of paths) await receiver.next(path);
      const deliveries = await vi.waitFor(
        async () => {
          const all = (await listWebhooks(other, cookie)).flatMap((w) => w.deliveries);
          if (all.length < paths.length || all.some((d) => d.status === 'pending')) {
            throw new Error('not yet');
          }
          return all;
        },
        { timeout: 60_000, interval: 200 },
      );
      for (const delivery of deliveries) {
        await vi.waitFor(
          async () =>
            expect(await deliveryJobs(rendering, delivery.id)).toEqual([{ state: 'completed' }]),
          { timeout: 30_000, interval: 100 },
        );
      }
      expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(
        paths.map(() => ['delivered', 1]),
      );
      for (const path of paths) expect(receiver.at(path)).toHaveLength(1);
    } finally {
      await other.close();
      await rendering.close();
    }
  });
});
