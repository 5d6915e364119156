import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationCodes, rateLimitHits, sessions } from '../src/db/schema.js';
import { deleteExpiredAuthRecords } from '../src/modules/auth/cleanup.js';
import { cookieFrom, freePort, postJson, setCookieHeader } from './support/http.js';
import { useMailingServer } from './support/mailing-server.js';
import { SignInBrowser } from './support/sign-in-browser.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const mailing = useMailingServer('debug');

let emailCounter = 0;
const newEmail = () => `person${++emailCounter}-${Date.now()}@example.com`;

/** The browser most tests sign in with; codes are bound to the browser that asked for them. */
const browser = new SignInBrowser();
const sendCode = (email: string, from = browser) => from.sendCode(mailing.server.url, email);

async function requestCode(email: string, from = browser) {
  const res = await sendCode(email, from);
  expect(res.status).toBe(200);
  return mailing.smtp.latestCodeFor(email);
}

const MINUTE = 60_000;

/** Moves the rate-limit hits a server has recorded `ms` (and a second) into the past. */
const passTimeForLimits = (target: TestServer, ms: number) =>
  target.database.db
    .update(rateLimitHits)
    .set({ createdAt: sql`${rateLimitHits.createdAt} - ${`${ms + 1000} milliseconds`}::interval` });

const verify = (
  email: string,
  code: string,
  headers: Record<string, string> = {},
  from = browser,
) => from.verify(mailing.server.url, email, code, headers);

/** Every code mailed to `email` so far. */
const mailedCodes = (email: string) =>
  mailing.smtp.received
    .filter((m) => m.to.includes(email))
    .map((m) => /sign-in code is (\d{6})/.exec(m.raw)?.[1] ?? '');

/** A 6-digit code that is none of `codes`. */
function wrongCodeFor(...codes: string[]): string {
  let guess = Number(codes[0]);
  do guess = (guess + 1) % 1_000_000;
  while (codes.includes(String(guess).padStart(6, '0')));
  return String(guess).padStart(6, '0');
}

describe('e-mail code sign-in', () => {
  it('signs up a new user with the code delivered over SMTP, then signs them in again', async () => {
    const email = newEmail();
    const sent = await sendCode(email);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ message: 'Verification code sent' });
    const mail = mailing.smtp.received.at(-1);
    expect(mail?.to).toEqual([email]);
    expect(mail?.raw).toContain('Subject: Your Rasma sign-in code');
    const code = mailing.smtp.latestCodeFor(email);
    // Mail clients show the HTML part: it holds the code too (quoted-printable: soft breaks, =3D).
    const html = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(html).toContain(`letter-spacing:6px">${code}</p>`);

    const res = await verify(email, code);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string; email: string; isAdmin: boolean } };
    expect(body.user).toMatchObject({ email, isAdmin: false });

    const cookie = cookieFrom(res, 'rasma_session');
    const me = await mailing.server.request('/api/auth/user', {
      headers: { cookie: cookie ?? '' },
    });
    expect(await me.json()).toMatchObject({ id: body.user.id, email });

    const again = await verify(email, await requestCode(email));
    expect(((await again.json()) as { user: { id: string } }).user.id).toBe(body.user.id);
  });

  it('treats the e-mail case-insensitively', async () => {
    const email = newEmail();
    const code = await requestCode(email);
    const res = await verify(email.toUpperCase(), code);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it('sets an httpOnly, SameSite=Lax session cookie for 30 days', async () => {
    const email = newEmail();
    const res = await verify(email, await requestCode(email));
    const header = setCookieHeader(res, 'rasma_session') ?? '';
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/i);
    const expires = new Date(/Expires=([^;]+)/.exec(header)?.[1] ?? 0).getTime();
    const days = (expires - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('uses each code once', async () => {
    const email = newEmail();
    const code = await requestCode(email);
    expect((await verify(email, code)).status).toBe(200);
    const replay = await verify(email, code);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({
      message: 'This code has expired or was already used. Please request a new code.',
      code: 'CODE_EXPIRED',
    });
  });

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    const email = newEmail();
    const code = await requestCode(email);
    const wrong = wrongCodeFor(code);
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrong);
      expect(res.status).toBe(401);
      answers.push(await res.json());
    }
    const invalid = (tries: string) => ({
      message: `Invalid verification code. ${tries} left.`,
      code: 'CODE_INVALID',
    });
    expect(answers).toEqual([
      invalid('4 attempts'),
      invalid('3 attempts'),
      invalid('2 attempts'),
      invalid('1 attempt'),
      { message: 'Too many wrong attempts. Please request a new code.', code: 'CODE_LOCKED' },
    ]);
    const right = await verify(email, code);
    expect(right.status).toBe(401);
    expect(cookieFrom(right, 'rasma_session')).toBeUndefined();
  });

  it('counts a wrong try against every live code: after 5, neither of two codes signs in', async () => {
    const email = newEmail();
    const codes = [await requestCode(email), await requestCode(email)];
    const wrong = wrongCodeFor(...codes);
    let message = '';
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrong);
      expect(res.status).toBe(401);
      message = ((await res.json()) as { message: string }).message;
    }
    expect(message).toBe('Too many wrong attempts. Please request a new code.');
    for (const code of codes) {
      const res = await verify(email, code);
      expect(res.status).toBe(401);
      expect(cookieFrom(res, 'rasma_session')).toBeUndefined();
    }
  });

  it('gives a newly requested code its own 5 tries', async () => {
    const email = newEmail();
    const first = await requestCode(email);
    for (let i = 0; i < 4; i++) expect((await verify(email, wrongCodeFor(first))).status).toBe(401);
    const second = await requestCode(email);
    const res = await verify(email, wrongCodeFor(first, second));
    expect(await res.json()).toMatchObject({
      message: 'Invalid verification code. 4 attempts left.',
    });
    expect((await verify(email, second)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    const code = await requestCode(email);
    await mailing.server.database.db
      .update(emailVerificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationCodes.email, email));
    const res = await verify(email, code);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      message: expect.stringContaining('expired') as unknown,
    });
  });

  it('limits codes to 5 per e-mail per 15 minutes', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) await requestCode(email);
    const res = await sendCode(email);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      message: 'Too many codes requested for this email. Please wait 15 minutes and try again.',
      code: 'RATE_LIMITED',
    });
    await passTimeForLimits(mailing.server, 15 * MINUTE);
    await requestCode(email);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email: Please enter a valid email address'],
    [{}, 'email: Invalid input: expected string, received undefined'],
    ['{"email": ', 'Malformed JSON in request body'],
  ])('answers bad send input %j with 400', async (body, message) => {
    const res = await postJson(mailing.server, '/api/send-verification-code', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });

  it.each(['12345', '1234567', 'abcdef', ''])(
    'answers the malformed code %j with 400',
    async (code) => {
      const res = await verify(newEmail(), code);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: 'code: Please enter the 6-digit verification code',
      });
    },
  );

  it('rotates the session at sign-in and ends it at logout', async () => {
    const email = newEmail();
    const first = cookieFrom(await verify(email, await requestCode(email)), 'rasma_session') ?? '';
    const second =
      cookieFrom(
        await verify(email, await requestCode(email), { cookie: first }),
        'rasma_session',
      ) ?? '';
    expect(second).not.toBe(first);
    expect(
      (await mailing.server.request('/api/auth/user', { headers: { cookie: first } })).status,
    ).toBe(401);
    expect(
      (await mailing.server.request('/api/auth/user', { headers: { cookie: second } })).status,
    ).toBe(200);

    const logout = await mailing.server.request('/api/logout', {
      headers: { cookie: second },
      redirect: 'manual',
    });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(setCookieHeader(logout, 'rasma_session')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(
      (await mailing.server.request('/api/auth/user', { headers: { cookie: second } })).status,
    ).toBe(401);
  });

  it('refuses cross-site state changes but accepts same-origin ones', async () => {
    const email = newEmail();
    const crossSite = await postJson(
      mailing.server,
      '/api/send-verification-code',
      { email },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({
      message: 'Cross-site request refused',
      code: 'CROSS_SITE',
    });
    const fetchSite = await postJson(
      mailing.server,
      '/api/send-verification-code',
      { email },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchSite.status).toBe(403);
    const sameOrigin = await postJson(
      mailing.server,
      '/api/send-verification-code',
      { email },
      { origin: mailing.server.url },
    );
    expect(sameOrigin.status).toBe(200);
    // Behind a proxy, the page's origin is the public address, not the one the server listens on.
    const publicOrigin = await postJson(
      mailing.server,
      '/api/send-verification-code',
      { email },
      { origin: mailing.server.config.publicUrl },
    );
    expect(publicOrigin.status).toBe(200);
  });

  it('never logs a code or a session token', async () => {
    const email = newEmail();
    const code = await requestCode(email);
    const res = await verify(email, code);
    const token = (cookieFrom(res, 'rasma_session') ?? '').split('=')[1] ?? 'missing';
    const [session] = await mailing.server.database.db.select().from(sessions).limit(1);
    expect(mailing.logs).toContain('mail sent over SMTP');
    expect(mailing.logs).not.toContain(code);
    expect(mailing.logs).not.toContain(token);
    expect(mailing.logs).not.toContain(session?.id ?? 'missing');
    expect(mailing.logs).not.toMatch(/rasma_session=/);
  });
});

describe('codes bound to the browser that asked', () => {
  it('sets an httpOnly, SameSite=Lax sign-in cookie for the sign-in endpoints and keeps it', async () => {
    const own = new SignInBrowser();
    const first = await sendCode(newEmail(), own);
    const header = setCookieHeader(first, 'rasma_signin') ?? '';
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\/api;/);
    const cookie = own.cookie;
    await sendCode(newEmail(), own);
    expect(own.cookie).toBe(cookie);
  });

  it('refuses the right code from any other browser, and still takes it from the one that asked', async () => {
    const email = newEmail();
    const code = await requestCode(email);
    const elsewhere = await postJson(mailing.server, '/api/verify-email-code', { email, code });
    expect(elsewhere.status).toBe(401);
    expect(await elsewhere.json()).toEqual({
      message: 'This code has expired or was already used. Please request a new code.',
      code: 'CODE_EXPIRED',
    });
    expect((await verify(email, code, {}, new SignInBrowser())).status).toBe(401);
    expect((await verify(email, code)).status).toBe(200);
  });

  it('takes a code recorded without a browser from any browser, with a sign-in cookie or none', async () => {
    const withCookie = new SignInBrowser();
    await requestCode(newEmail(), withCookie);
    for (const other of [new SignInBrowser(), withCookie]) {
      const email = newEmail();
      const code = await requestCode(email);
      await mailing.server.database.db
        .update(emailVerificationCodes)
        .set({ clientHash: null })
        .where(eq(emailVerificationCodes.email, email));
      expect((await verify(email, code, {}, other)).status).toBe(200);
    }
  });

  it("lets the owner sign in and ask for codes after a stranger's 5 requests and 5 wrong tries", async () => {
    const email = newEmail();
    const stranger = new SignInBrowser();
    for (let i = 0; i < 5; i++) expect((await sendCode(email, stranger)).status).toBe(200);
    const code = await requestCode(email);
    const wrong = wrongCodeFor(...mailedCodes(email));
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(await (await verify(email, wrong, {}, stranger)).json());
    expect(answers.at(-1)).toEqual({
      message: 'Too many wrong attempts. Please request a new code.',
      code: 'CODE_LOCKED',
    });

    expect((await verify(email, code)).status).toBe(200);
    expect((await verify(email, await requestCode(email))).status).toBe(200);
  });

  describe('on a network of its own', () => {
    let proxied: TestServer;
    beforeAll(async () => {
      proxied = await startTestServer({ SMTP_URL: mailing.smtp.url, TRUST_PROXY: '1' });
    });
    afterAll(() => proxied.close());
    const from = (address: string) => ({ 'x-forwarded-for': address });

    it("bounds the codes one address gets for an e-mail with new cookies, and the e-mail's ceiling", async () => {
      const email = newEmail();
      const freshBrowser = (address: string) =>
        new SignInBrowser().sendCode(proxied.url, email, from(address));
      for (let i = 0; i < 10; i++) expect((await freshBrowser('203.0.113.20')).status).toBe(200);
      const eleventh = await freshBrowser('203.0.113.20');
      expect(eleventh.status).toBe(429);
      expect(await eleventh.json()).toEqual({
        message: 'Too many codes requested from your network. Please try again later.',
        code: 'RATE_LIMITED',
      });
      for (let i = 0; i < 10; i++) expect((await freshBrowser('203.0.113.21')).status).toBe(200);
      const overCeiling = await freshBrowser('203.0.113.22');
      expect(overCeiling.status).toBe(429);
      expect(await overCeiling.json()).toEqual({
        message: 'Too many codes requested for this email. Please wait 15 minutes and try again.',
        code: 'RATE_LIMITED',
      });
    });

    it("counts only wrong tries against the address's 30 sign-in attempts", async () => {
      const office = from('203.0.113.30');
      for (let i = 0; i < 31; i++) {
        const colleague = new SignInBrowser();
        const email = newEmail();
        expect((await colleague.sendCode(proxied.url, email, office)).status).toBe(200);
        const code = mailing.smtp.latestCodeFor(email);
        expect((await colleague.verify(proxied.url, email, code, office)).status).toBe(200);
      }
      const guess = () =>
        postJson(proxied, '/api/verify-email-code', { email: newEmail(), code: '123456' }, office);
      for (let i = 0; i < 30; i++) expect((await guess()).status).toBe(401);
      expect((await guess()).status).toBe(429);
    });
  });
});

describe('a mail server that fails', () => {
  const failed = { message: 'Failed to send verification code', code: 'MAIL_FAILED' };

  it('answers 502 and voids the code when it refuses the message', async () => {
    const email = newEmail();
    mailing.smtp.state.refusing = true;
    const res = await sendCode(email).finally(() => {
      mailing.smtp.state.refusing = false;
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(failed);
    // The operator reads why in the log.
    expect(mailing.logs).toContain('Mailbox unavailable');
    // The mail server saw the code before refusing it: whoever learns it there cannot sign in.
    const attempt = await verify(email, mailing.smtp.latestCodeFor(email));
    expect(attempt.status).toBe(401);
    expect(cookieFrom(attempt, 'rasma_session')).toBeUndefined();
  });

  it('answers 502 when it is down', async () => {
    const own = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const res = await postJson(own, '/api/send-verification-code', { email: newEmail() });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual(failed);
    } finally {
      await own.close();
    }
  });
});

describe('per-IP limit', () => {
  it('allows 50 codes per client address per hour', async () => {
    const outboxServer = await startTestServer();
    try {
      for (let i = 0; i < 50; i++) {
        const res = await postJson(outboxServer, '/api/send-verification-code', {
          email: `ip${i}@example.com`,
        });
        expect(res.status).toBe(200);
      }
      const oneMore = () =>
        postJson(outboxServer, '/api/send-verification-code', { email: newEmail() });
      const res = await oneMore();
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({
        message: 'Too many codes requested from your network. Please try again later.',
      });
      await passTimeForLimits(outboxServer, 15 * MINUTE);
      expect((await oneMore()).status).toBe(429);
      await passTimeForLimits(outboxServer, 45 * MINUTE);
      expect((await oneMore()).status).toBe(200);
    } finally {
      await outboxServer.close();
    }
  });
});

describe('per-IP limit on sign-in attempts', () => {
  it('refuses the address that made 30 attempts, not the others', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const attempt = (from: string) =>
        postJson(
          proxied,
          '/api/verify-email-code',
          { email: newEmail(), code: '123456' },
          { 'x-forwarded-for': from },
        );
      for (let i = 0; i < 30; i++) expect((await attempt('203.0.113.7')).status).toBe(401);
      expect((await attempt('203.0.113.7')).status).toBe(429);
      expect((await attempt('203.0.113.8')).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('clean-up of expired records', () => {
  const cleanupDeps = () => ({
    db: mailing.server.database.db,
    sessions: mailing.server.app.sessions,
  });
  it('removes expired sessions, day-old codes and counted requests, and keeps live ones', async () => {
    const email = newEmail();
    const live = cookieFrom(await verify(email, await requestCode(email)), 'rasma_session') ?? '';
    const dayAfterTomorrow = new Date(Date.now() + 2 * 86_400_000);
    await deleteExpiredAuthRecords(cleanupDeps(), dayAfterTomorrow);
    const codesLeft = await mailing.server.database.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.email, email));
    expect(codesLeft).toEqual([]);
    expect(await mailing.server.database.db.select().from(rateLimitHits)).toEqual([]);
    // The session still has 28 days to go, so it survives.
    expect(
      (await mailing.server.request('/api/auth/user', { headers: { cookie: live } })).status,
    ).toBe(200);
    await deleteExpiredAuthRecords(cleanupDeps(), new Date(Date.now() + 31 * 86_400_000));
    expect(
      (await mailing.server.request('/api/auth/user', { headers: { cookie: live } })).status,
    ).toBe(401);
  });

  it('keeps the requests the limits still count', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) await requestCode(email);
    await deleteExpiredAuthRecords(cleanupDeps());
    expect((await sendCode(email)).status).toBe(429);
  });
});

describe('behind https', () => {
  it('marks the session and sign-in cookies Secure when PUBLIC_URL is https', async () => {
    const secureServer = await startTestServer({
      SMTP_URL: mailing.smtp.url,
      PUBLIC_URL: 'https://rasma.example',
    });
    try {
      const email = newEmail();
      const secureBrowser = new SignInBrowser();
      const sent = await secureBrowser.sendCode(secureServer.url, email);
      expect(sent.status).toBe(200);
      expect(setCookieHeader(sent, 'rasma_signin')).toMatch(/; Secure/i);
      const res = await secureBrowser.verify(
        secureServer.url,
        email,
        mailing.smtp.latestCodeFor(email),
      );
      expect(res.status).toBe(200);
      expect(setCookieHeader(res, 'rasma_session')).toMatch(/; Secure/i);
    } finally {
      await secureServer.close();
    }
  });
});
