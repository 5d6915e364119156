import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieBrowser, formPostFields } from './support/browser.js';
import { createUser } from './support/factories.js';
import { cookieFrom, freePort } from './support/http.js';
import { startOidcProvider } from './support/oidc-provider.js';
import { startTestServer, type TestServer } from './support/test-server.js';

type Provider = 'google' | 'apple';

/** The public address of the app behind https (the browser's proxy forwards it to the server). */
const HTTPS_URL = 'https://rasma.example';
const FAILED = '/?auth=login&authError=oauth_failed';

let server: TestServer;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
let appUrl: string;

const providersAt = (issuer: string) => ({
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  GOOGLE_ISSUER: issuer,
  APPLE_CLIENT_ID: 'apple-client',
  APPLE_CLIENT_SECRET: 'apple-secret',
  APPLE_ISSUER: issuer,
});

beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  oidc = await startOidcProvider({ appUrls: [appUrl, HTTPS_URL] });
  server = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: appUrl,
    ...providersAt(oidc.issuer),
  });
});
afterAll(async () => {
  await server.close();
  await oidc.close();
});

const callbackUrl = (provider: Provider, base = appUrl) => `${base}/api/auth/callback/${provider}`;

async function currentUser(browser: CookieBrowser, base = appUrl) {
  const res = await browser.fetch(`${base}/api/auth/user`);
  return res.status === 200
    ? ((await res.json()) as { id: string; email: string; firstName: string | null })
    : null;
}

/** The browser back from the provider's pages, about to deliver the answer to the app. */
interface ProviderReturn {
  /** Where the provider sends the answer. */
  callback: string;
  /** Delivers the answer, from the provider's site, to `url` (default: the callback). */
  send(url?: string): Promise<Response>;
}

/**
 * Starts a sign-in at the app and goes through the provider. Google sends the browser to the
 * callback (a GET); Apple's page posts the answer to it from the provider's site (form_post).
 */
async function untilReturn(
  browser: CookieBrowser,
  provider: Provider,
  { base = appUrl, fields = {} }: { base?: string; fields?: Record<string, string> } = {},
): Promise<ProviderReturn> {
  const start = `${base}/api/login?provider=${provider}`;
  if (provider === 'google') {
    const { url } = await browser.follow(start, (next) =>
      next.startsWith(callbackUrl('google', base)),
    );
    return { callback: url, send: (to = url) => browser.fetch(to, { from: oidc.issuer }) };
  }
  const { res } = await browser.follow(start);
  expect(res.status).toBe(200);
  const form = formPostFields(await res.text());
  expect(form.action).toBe(callbackUrl('apple', base));
  return {
    callback: form.action,
    send: (to = form.action) =>
      browser.fetch(to, {
        method: 'POST',
        from: oidc.issuer,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form.fields, ...fields }).toString(),
      }),
  };
}

/** A whole sign-in: the app's answer to the provider's return. */
const signIn = async (browser: CookieBrowser, provider: Provider) =>
  (await untilReturn(browser, provider)).send();

describe('Google sign-in against a real OpenID provider', () => {
  it('starts with state, PKCE and nonce, and signs the user in on return', async () => {
    oidc.signInAs({
      sub: 'g-1',
      email: 'Grace@Example.com',
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    const browser = new CookieBrowser();
    const start = await browser.fetch(`${appUrl}/api/login?provider=google`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin).toBe(oidc.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(authorize.searchParams.get(param)).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(callbackUrl('google'));

    const { url: callback } = await browser.follow(authorize.href, (next) =>
      next.startsWith(callbackUrl('google')),
    );
    const done = await browser.fetch(callback, { from: oidc.issuer });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    expect(await currentUser(browser)).toMatchObject({
      email: 'grace@example.com',
      firstName: 'Grace',
    });
    expect(await browser.cookie(callback, 'rasma_oauth')).toBeUndefined();
  });

  it('sends its sign-in cookie to the callbacks only', async () => {
    const browser = new CookieBrowser();
    expect((await browser.fetch(`${appUrl}/api/login?provider=google`)).status).toBe(302);
    for (const provider of ['google', 'apple'] as const) {
      expect(await browser.cookie(callbackUrl(provider), 'rasma_oauth')).toBeDefined();
    }
    for (const pathname of ['/', '/api/auth/user', '/api/login']) {
      expect(await browser.cookie(`${appUrl}${pathname}`, 'rasma_oauth')).toBeUndefined();
    }
  });

  it('refuses a tampered state and signs nobody in', async () => {
    oidc.signInAs({ sub: 'g-2', email: 'mallory@example.com' });
    const browser = new CookieBrowser();
    const back = await untilReturn(browser, 'google');
    const tampered = new URL(back.callback);
    tampered.searchParams.set('state', 'tampered-state');
    const res = await back.send(tampered.href);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(FAILED);
    expect(await currentUser(browser)).toBeNull();
  });

  it('refuses a callback without the sign-in cookie (e.g. a link sent by someone else)', async () => {
    oidc.signInAs({ sub: 'g-3', email: 'victim@example.com' });
    const { callback } = await untilReturn(new CookieBrowser(), 'google');
    const victim = new CookieBrowser();
    const res = await victim.fetch(callback, { from: 'https://evil.example' });
    expect(res.headers.get('location')).toBe(FAILED);
    expect(await currentUser(victim)).toBeNull();
  });

  it('refuses a replayed authorization code', async () => {
    oidc.signInAs({ sub: 'g-4', email: 'replay@example.com' });
    const browser = new CookieBrowser();
    const back = await untilReturn(browser, 'google');
    const pending = await browser.cookie(back.callback, 'rasma_oauth');
    expect((await back.send()).headers.get('location')).toBe('/');

    // Someone who copied the sign-in cookie and the callback URL sends them again.
    const replay = await fetch(back.callback, {
      headers: { cookie: pending?.cookieString() ?? '' },
      redirect: 'manual',
    });
    expect(replay.headers.get('location')).toBe(FAILED);
    expect(cookieFrom(replay, 'rasma_session')).toBeUndefined();
  });

  it('lets a sign-in finish within 10 minutes, not later', async () => {
    oidc.signInAs({ sub: 'g-5', email: 'slow@example.com' });
    const prompt = new CookieBrowser();
    const inTime = await untilReturn(prompt, 'google');
    await prompt.passTime(9 * 60_000);
    expect((await inTime.send()).headers.get('location')).toBe('/');

    const slow = new CookieBrowser();
    const late = await untilReturn(slow, 'google');
    await slow.passTime(10 * 60_000);
    expect((await late.send()).headers.get('location')).toBe(FAILED);
    expect(await currentUser(slow)).toBeNull();
  });
});

describe('Apple sign-in (form_post) against a real OpenID provider', () => {
  it('signs in with the code posted from its site and takes the name Apple sends once', async () => {
    oidc.signInAs({ sub: 'a-1', email: 'ada@example.com', email_verified: 'true' });
    const browser = new CookieBrowser();
    const back = await untilReturn(browser, 'apple', {
      fields: { user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' } }) },
    });
    const res = await back.send();
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(await currentUser(browser)).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
    });
  });

  it('makes the same e-mail from Google and Apple one user', async () => {
    oidc.signInAs({ sub: 'a-shared', email: 'shared@example.com', email_verified: 'true' });
    const appleBrowser = new CookieBrowser();
    await signIn(appleBrowser, 'apple');
    const viaApple = await currentUser(appleBrowser);

    oidc.signInAs({ sub: 'g-shared', email: 'shared@example.com' });
    const googleBrowser = new CookieBrowser();
    await signIn(googleBrowser, 'google');
    const viaGoogle = await currentUser(googleBrowser);

    expect(viaApple?.id).toBeTruthy();
    expect(viaGoogle?.id).toBe(viaApple?.id);
  });
});

describe('an e-mail the provider has not verified', () => {
  it.each([
    ['google', false],
    ['apple', 'false'],
  ] as const)(
    'signs nobody in and links nothing (%s says email_verified %j)',
    async (provider, emailVerified) => {
      const victim = await createUser(server.database.db, {
        email: `victim-${provider}@example.com`,
      });
      const sub = `unverified-${provider}`;
      oidc.signInAs({ sub, email: victim.email, email_verified: emailVerified });
      const attacker = new CookieBrowser();
      expect((await signIn(attacker, provider)).headers.get('location')).toBe(FAILED);
      expect(await currentUser(attacker)).toBeNull();

      // Had the provider account been linked to the victim, it would sign in there from now on.
      oidc.signInAs({ sub, email: `own-${provider}@example.com` });
      expect((await signIn(attacker, provider)).headers.get('location')).toBe('/');
      const signedIn = await currentUser(attacker);
      expect(signedIn?.email).toBe(`own-${provider}@example.com`);
      expect(signedIn?.id).not.toBe(victim.id);
    },
  );
});

describe('behind https (PUBLIC_URL https, TLS ended by a proxy)', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({ PUBLIC_URL: HTTPS_URL, ...providersAt(oidc.issuer) });
  });
  afterAll(() => secure.close());

  const plainHttp = (url: string) => url.replace(/^https:/, 'http:');
  const proxiedBrowser = () =>
    new CookieBrowser({ proxies: { [HTTPS_URL]: secure.url, [plainHttp(HTTPS_URL)]: secure.url } });

  it.each(['google', 'apple'] as const)(
    'sends neither the sign-in nor the session cookie over plain http (%s)',
    async (provider) => {
      oidc.signInAs({ sub: `tls-${provider}`, email: `tls-${provider}@example.com` });
      const early = await untilReturn(proxiedBrowser(), provider, { base: HTTPS_URL });
      expect((await early.send(plainHttp(early.callback))).headers.get('location')).toBe(FAILED);

      const browser = proxiedBrowser();
      const back = await untilReturn(browser, provider, { base: HTTPS_URL });
      expect((await back.send()).headers.get('location')).toBe('/');
      expect(await currentUser(browser, HTTPS_URL)).toMatchObject({
        email: `tls-${provider}@example.com`,
      });
      expect(await currentUser(browser, plainHttp(HTTPS_URL))).toBeNull();
    },
  );
});

describe('a provider that cannot be reached', () => {
  it('sends the visitor back to the sign-in dialog, and reaches the provider once it is back', async () => {
    const port = await freePort();
    const issuer = `http://localhost:${port}`;
    const own = await startTestServer(providersAt(issuer));
    try {
      const login = () => own.request('/api/login?provider=google', { redirect: 'manual' });
      const down = await login();
      expect(down.status).toBe(302);
      expect(down.headers.get('location')).toBe('/?auth=login&authError=provider_unreachable');
      expect(down.headers.getSetCookie()).toEqual([]);

      const provider = await startOidcProvider({ appUrls: [own.url], port });
      try {
        const back = await login();
        expect(new URL(back.headers.get('location') ?? '', own.url).origin).toBe(issuer);
      } finally {
        await provider.close();
      }
    } finally {
      await own.close();
    }
  });
});

describe('providers that are not configured', () => {
  it('are reported disabled and lead back to the sign-in dialog instead of a broken redirect', async () => {
    const bare = await startTestServer();
    try {
      expect(await (await bare.request('/api/auth/providers')).json()).toEqual({
        google: false,
        apple: false,
      });
      const res = await bare.request('/api/login?provider=google', { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/?auth=login&authError=provider_unavailable');
      const plain = await bare.request('/api/login', { redirect: 'manual' });
      expect(plain.headers.get('location')).toBe('/?auth=login');
      const unknown = await bare.request('/api/login?provider=myspace', { redirect: 'manual' });
      expect(unknown.status).toBe(400);
    } finally {
      await bare.close();
    }
  });

  it('configured ones are reported enabled', async () => {
    expect(await (await server.request('/api/auth/providers')).json()).toEqual({
      google: true,
      apple: true,
    });
  });
});
