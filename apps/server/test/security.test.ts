import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../src/db/schema.js';
import { registerErrorHandling } from '../src/errors.js';
import { createSignedInUser, createUser } from './support/factories.js';
import { cookieFrom, postJson } from './support/http.js';
import { useMailingServer } from './support/mailing-server.js';
import { SignInBrowser } from './support/sign-in-browser.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const mailing = useMailingServer('info');

let counter = 0;
const newEmail = () => `safe${++counter}-${Date.now()}@example.test`;
/** Codes are bound to the browser that asked for them: these tests ask and sign in from one. */
const browser = new SignInBrowser();
const sendCode = (target: TestServer, email: string, headers: Record<string, string> = {}) =>
  browser.sendCode(target.url, email, headers);

async function signIn(email: string) {
  expect((await sendCode(mailing.server, email)).status).toBe(200);
  const res = await browser.verify(mailing.server.url, email, mailing.smtp.latestCodeFor(email));
  expect(res.status).toBe(200);
  return cookieFrom(res, 'rasma_session') ?? '';
}

/** A server of its own, for tests that use up a per-address limit. */
async function withServer(env: Record<string, string>, run: (s: TestServer) => Promise<void>) {
  const own = await startTestServer(env);
  try {
    await run(own);
  } finally {
    await own.close();
  }
}

describe('e-mail addresses', () => {
  it.each([
    'a<bomb@example.test>',
    'bomb@example.test>',
    '"bomb"@example.test',
    'Bomb <bomb@example.test>',
    'bomb@example.test, other@example.test',
    'bomb\u0000@example.test',
  ])('refuses anything but a plain address: %j', async (email) => {
    const before = mailing.smtp.received.length;
    const res = await sendCode(mailing.server, email);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'email: Please enter a valid email address',
    });
    expect(mailing.smtp.received.length).toBe(before);
  });

  it('keys the limit, the account and the mail on one canonical form', async () => {
    const email = newEmail();
    const spellings = [email, ` ${email.toUpperCase()} `, email.replace(/^s/, 'S')];
    for (const spelling of spellings)
      expect((await sendCode(mailing.server, spelling)).status).toBe(200);
    expect(mailing.smtp.received.filter((m) => m.to.includes(email))).toHaveLength(3);
    // 5 per e-mail in 15 minutes, whatever the spelling.
    for (const spelling of spellings.slice(0, 2)) {
      expect((await sendCode(mailing.server, spelling)).status).toBe(200);
    }
    expect((await sendCode(mailing.server, email.toUpperCase())).status).toBe(429);
  });

  it('never logs a full address', async () => {
    const email = newEmail();
    await signIn(email);
    expect(mailing.logs).toContain('mail sent over SMTP');
    expect(mailing.logs).toContain(`"s***@example.test"`);
    expect(mailing.logs).not.toContain(email);
  });

  it('never logs a full address from an admin lookup path, encoded or not', async () => {
    const { cookie } = await createSignedInUser(mailing.server.database.db, { isAdmin: true });
    const looked = `looked.up-${Date.now()}@example.test`;
    await createUser(mailing.server.database.db, { email: looked });
    for (const spelling of [encodeURIComponent(looked), looked]) {
      const res = await mailing.server.request(`/api/admin/user/${spelling}`, {
        headers: { cookie },
      });
      expect(await res.json()).toMatchObject({ user: { email: looked } });
    }
    // Both requests logged, their e-mail masked.
    await vi.waitFor(() => expect(mailing.logs.split('"path":"/api/admin/user/')).toHaveLength(3));
    expect(mailing.logs).not.toContain(looked);
    expect(mailing.logs).not.toContain(encodeURIComponent(looked));
    expect(mailing.logs.split('"path":"/api/admin/user/l***@example.test"')).toHaveLength(3);
  });

  it('never logs what a contact message says', async () => {
    const lines = [`My private words ${Date.now()}`, `and more of them ${Date.now()}`];
    const mailsLogged = () => mailing.logs.split('mail sent over SMTP').length;
    const before = mailsLogged();
    const res = await postJson(mailing.server, '/api/contact', { message: lines.join('\n') });
    expect(res.status).toBe(201);
    await vi.waitFor(() => expect(mailsLogged()).toBeGreaterThan(before));
    for (const line of lines) expect(mailing.logs).not.toContain(line);
  });
});

describe('sign-in codes', () => {
  it('voids every other live code of the e-mail at sign-in', async () => {
    const email = newEmail();
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(mailing.server, email)).status).toBe(200);
      codes.push(mailing.smtp.latestCodeFor(email));
    }
    const verify = (code: string) => browser.verify(mailing.server.url, email, code);
    expect((await verify(codes[1] ?? '')).status).toBe(200);
    for (const code of [codes[0], codes[2]]) {
      const res = await verify(code ?? '');
      expect(res.status).toBe(401);
      expect(cookieFrom(res, 'rasma_session')).toBeUndefined();
    }
  });

  it('limits verification attempts per client address, across e-mails', async () => {
    await withServer({}, async (own) => {
      const guess = (i: number) =>
        postJson(own, '/api/verify-email-code', {
          email: `guess${i}@example.test`,
          code: '123456',
        });
      for (let i = 0; i < 30; i++) expect((await guess(i)).status).toBe(401);
      const res = await guess(30);
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({
        message:
          'Too many sign-in attempts from your network. Please wait 15 minutes and try again.',
      });
    });
  });
});

describe('client address and host', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    await withServer({}, async (own) => {
      for (let i = 0; i < 50; i++) {
        const res = await sendCode(own, `xff${i}@example.test`, {
          'x-forwarded-for': `203.0.113.${i}`,
        });
        expect(res.status).toBe(200);
      }
      const res = await sendCode(own, 'xff-more@example.test', {
        'x-forwarded-for': '198.51.100.7',
      });
      expect(res.status).toBe(429);
    });
  });

  it('takes the address the trusted proxy saw with TRUST_PROXY=1', async () => {
    await withServer({ TRUST_PROXY: '1' }, async (own) => {
      for (let i = 0; i < 51; i++) {
        const res = await sendCode(own, `proxied${i}@example.test`, {
          'x-forwarded-for': `198.51.100.1, 203.0.113.${i}`,
        });
        expect(res.status).toBe(200);
      }
    });
  });

  it('does not let X-Forwarded-Host make a cross-site request look same-origin', async () => {
    const res = await sendCode(mailing.server, newEmail(), {
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(res.status).toBe(403);
  });
});

describe('text fields', () => {
  it('refuses control characters with a 400 and a clear message', async () => {
    const res = await postJson(mailing.server, '/api/contact', { message: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'message: Text must not contain control characters',
    });
  });

  it("refuses control characters in an admin's lookup with a 400 and a clear message", async () => {
    const { cookie } = await createSignedInUser(mailing.server.database.db, { isAdmin: true });
    for (const email of ['a\u0000b@example.test', 'a\u001bb@example.test', 'a\tb@example.test']) {
      const res = await mailing.server.request(`/api/admin/user/${encodeURIComponent(email)}`, {
        headers: { cookie },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: 'email: Text must not contain control characters',
      });
    }
  });

  it('keeps line breaks and tabs in a message', async () => {
    const res = await postJson(mailing.server, '/api/contact', { message: 'line one\n\tline two' });
    expect(res.status).toBe(201);
  });

  it('logs a failed query without its SQL parameters or stack', async () => {
    let errorLogs = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (errorLogs += chunk.toString()));
    const app = Fastify({ logger: { level: 'error', stream } });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      await mailing.server.database.db
        .insert(contactMessages)
        .values({ message: 'private\u0000words' });
      return {};
    });
    try {
      const res = await app.inject('/boom');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
      expect(errorLogs).toContain('Database query failed');
      expect(errorLogs).not.toContain('private');
      expect(errorLogs).not.toContain('insert into');
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/logout', () => {
  const logout = (cookie: string, site?: string) =>
    mailing.server.request('/api/logout', {
      redirect: 'manual',
      headers: { cookie, ...(site ? { 'sec-fetch-site': site } : {}) },
    });
  const signedIn = async (cookie: string) =>
    (await mailing.server.request('/api/auth/user', { headers: { cookie } })).status === 200;

  it.each(['cross-site', 'same-site'])(
    'changes nothing when another site (%s) sends the browser there',
    async (site) => {
      const cookie = await signIn(newEmail());
      const res = await logout(cookie, site);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await signedIn(cookie)).toBe(true);
    },
  );

  it.each(['same-origin', 'none'])('signs out a navigation marked %s', async (site) => {
    const cookie = await signIn(newEmail());
    expect((await logout(cookie, site)).status).toBe(302);
    expect(await signedIn(cookie)).toBe(false);
  });
});

describe('security headers', () => {
  it('come with every answer', async () => {
    for (const pathname of ['/api/health', '/api/nope']) {
      const res = await mailing.server.request(pathname);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      // The voice-over is recorded in the page, and nowhere else.
      expect(res.headers.get('permissions-policy')).toContain('microphone=(self)');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('keep signed-in answers out of every cache', async () => {
    const cookie = await signIn(newEmail());
    const res = await mailing.server.request('/api/auth/user', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('add HSTS when the public address is https', async () => {
    await withServer({ PUBLIC_URL: 'https://rasma.example' }, async (own) => {
      const res = await own.request('/api/health');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    });
  });
});

describe('files under DATA_DIR', () => {
  it('are readable by the server user only', async () => {
    await withServer({}, async (own) => {
      expect((await sendCode(own, newEmail())).status).toBe(200);
      expect((await stat(own.dataDir)).mode & 0o077).toBe(0);
      const outbox = path.join(own.dataDir, 'outbox');
      expect((await stat(outbox)).mode & 0o077).toBe(0);
      const [mail] = await readdir(outbox);
      expect((await stat(path.join(outbox, mail ?? ''))).mode & 0o777).toBe(0o600);
    });
  });
});
