import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, rateLimitHits } from '../src/db/schema.js';
import { CONTACT_RATE_LIMIT } from '../src/modules/contact/service.js';
import { createSignedInUser } from './support/factories.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const SUPPORT = 'help@rasma.example';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // Behind one proxy: each test speaks from its own address, so the per-address limit is its own.
  server = await startTestServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

let address = 0;
let ip = '';
beforeEach(() => {
  address += 1;
  ip = `203.0.113.${address}`;
  smtp.state.refusing = false;
});

const post = (body: string, cookie?: string, from = ip) =>
  server.request('/api/contact', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from,
      ...(cookie ? { cookie } : {}),
    },
    body,
  });

const storedMessages = () =>
  server.database.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));

const mailsTo = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

describe('POST /api/contact', () => {
  it('stores a trimmed message and mails it to support, replies going to the sender', async () => {
    const res = await post(
      JSON.stringify({
        email: ' Someone@Example.com ',
        message: '  Love it! <b>More</b> please  ',
      }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Message sent' });
    expect((await storedMessages())[0]).toMatchObject({
      email: 'someone@example.com',
      message: 'Love it! <b>More</b> please',
      userId: null,
    });
    const mail = mailsTo(SUPPORT).at(-1)?.raw ?? '';
    expect(mail).toMatch(/^Reply-To: someone@example\.com$/m);
    expect(mail).toMatch(/^Subject: Contact form: Love it! <b>More<\/b> please$/m);
    expect(mail).toContain('From: someone@example.com, signed out');
    // The HTML part shows the sender's text, never runs it.
    expect(mail).toContain('Love it! &lt;b&gt;More&lt;/b&gt; please');
  });

  it('accepts a message without an e-mail, linking a signed-in sender (no Reply-To)', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const res = await post(JSON.stringify({ email: '', message: 'Feature idea' }), cookie);
    expect(res.status).toBe(201);
    expect((await storedMessages())[0]).toMatchObject({
      email: null,
      message: 'Feature idea',
      userId: user.id,
    });
    const mail = mailsTo(SUPPORT).at(-1)?.raw ?? '';
    expect(mail).toContain(`From: no e-mail given, signed-in user ${user.id}`);
    expect(mail).not.toMatch(/^Reply-To:/m);
  });

  it('keeps nothing and says so when the mail cannot be sent', async () => {
    const before = (await storedMessages()).length;
    smtp.state.refusing = true;
    const res = await post(JSON.stringify({ message: 'Lost in the post' }));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      message: 'Failed to send message. Please try again.',
      code: 'MAIL_FAILED',
    });
    expect(await storedMessages()).toHaveLength(before);
  });

  it(`refuses more than ${CONTACT_RATE_LIMIT.max} messages an hour from one address`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await post(JSON.stringify({ message: `Message ${i}` }))).status).toBe(201);
    }
    const mailed = mailsTo(SUPPORT).length;
    const refused = await post(JSON.stringify({ message: 'One too many' }));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message: CONTACT_RATE_LIMIT.message,
      code: 'RATE_LIMITED',
    });
    expect(mailsTo(SUPPORT)).toHaveLength(mailed);
    expect((await storedMessages()).some((m) => m.message === 'One too many')).toBe(false);

    // Another address is not held back; and after the hour this one may write again.
    expect((await post(JSON.stringify({ message: 'Hi' }), undefined, '198.51.100.9')).status).toBe(
      201,
    );
    await server.database.db
      .update(rateLimitHits)
      .set({ createdAt: sql`${rateLimitHits.createdAt} - interval '61 minutes'` });
    expect((await post(JSON.stringify({ message: 'Back again' }))).status).toBe(201);
  });

  it.each([
    [JSON.stringify({ message: '   ' }), 'message: Please write a message before sending.'],
    [
      JSON.stringify({ email: 'not-an-email', message: 'hi' }),
      'email: Please enter a valid email address',
    ],
    [JSON.stringify({ message: 'x'.repeat(10_001) }), 'message: Too big'],
    ['{"message": "unterminated', 'Malformed JSON in request body'],
  ])('refuses %s with a 400 and a clear message', async (body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string };
    expect(json.message.startsWith(message)).toBe(true);
  });
});

describe('GET /api/site-info', () => {
  it('gives the support address from the configuration', async () => {
    const res = await server.request('/api/site-info');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ supportEmail: SUPPORT });
  });

  it('shows no address in production when SUPPORT_EMAIL is not set', async () => {
    const production = await startTestServer({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://rasma.example.org',
    });
    try {
      expect(await (await production.request('/api/site-info')).json()).toEqual({
        supportEmail: null,
      });
    } finally {
      await production.close();
    }
  });

  it('defaults to support@ the public host outside production', async () => {
    const plain = await startTestServer({ PUBLIC_URL: 'https://rasma.example.org' });
    try {
      expect(await (await plain.request('/api/site-info')).json()).toEqual({
        supportEmail: 'support@rasma.example.org',
      });
    } finally {
      await plain.close();
    }
  });
});
