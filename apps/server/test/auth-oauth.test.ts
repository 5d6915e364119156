import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieBrowser, formPostFields } from './support/browser.js';
import { startOidcProvider } from './support/oidc-provider.js';
import { startTestServer, type TestServer } from './support/test-server.js';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let server: TestServer;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
let appUrl: string;

beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  oidc = await startOidcProvider(appUrl);
  server = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: appUrl,
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: oidc.issuer,
    APPLE_CLIENT_ID: 'apple-client',
    APPLE_CLIENT_SECRET: 'apple-secret',
    APPLE_ISSUER: oidc.issuer,
  });
});
afterAll(async () => {
  await server.close();
  await oidc.close();
});

const isCallback = (provider: string) => (url: string) =>
  url.startsWith(`${appUrl}/api/auth/callback/${provider}`);

async function currentUser(browser: CookieBrowser) {
  const res = await browser.fetch(`${appUrl}/api/auth/user`);
  return res.status === 200
    ? ((await res.json()) as { id: string; email: string; firstName: string | null })
    : null;
}

/** Google: a GET callback. Returns the callback URL the provider sent the browser to. */
async function googleUntilCallback(browser: CookieBrowser) {
  const { url } = await browser.follow(`${appUrl}/api/login?provider=google`, isCallback('google'));
  return url;
}

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
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/callback/google`);

    const callback = (await browser.follow(authorize.href, isCallback('google'))).url;
    const done = await browser.fetch(callback);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    expect(await currentUser(browser)).toMatchObject({
      email: 'grace@example.com',
      firstName: 'Grace',
    });
  });

  it('refuses a tampered state and signs nobody in', async () => {
    oidc.signInAs({ sub: 'g-2', email: 'mallory@example.com' });
    const browser = new CookieBrowser();
    const callback = new URL(await googleUntilCallback(browser));
    callback.searchParams.set('state', 'tampered-state');
    const res = await browser.fetch(callback.href);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?auth=login&authError=oauth_failed');
    expect(await currentUser(browser)).toBeNull();
  });

  it('refuses a callback without the sign-in cookie (e.g. a link sent by someone else)', async () => {
    oidc.signInAs({ sub: 'g-3', email: 'victim@example.com' });
    const attacker = new CookieBrowser();
    const callback = await googleUntilCallback(attacker);
    const victim = new CookieBrowser();
    const res = await victim.fetch(callback);
    expect(res.headers.get('location')).toBe('/?auth=login&authError=oauth_failed');
    expect(await currentUser(victim)).toBeNull();
  });

  it('refuses a replayed authorization code', async () => {
    oidc.signInAs({ sub: 'g-4', email: 'replay@example.com' });
    const browser = new CookieBrowser();
    const callback = await googleUntilCallback(browser);
    const pendingCookie = browser.cookie(appUrl, 'rasma_oauth') ?? '';
    expect((await browser.fetch(callback)).headers.get('location')).toBe('/');

    const replayer = new CookieBrowser();
    replayer.setCookie(appUrl, 'rasma_oauth', pendingCookie);
    const replay = await replayer.fetch(callback);
    expect(replay.headers.get('location')).toBe('/?auth=login&authError=oauth_failed');
    expect(await currentUser(replayer)).toBeNull();
  });
});

describe('Apple sign-in (form_post) against a real OpenID provider', () => {
  async function appleSignIn(browser: CookieBrowser, extraFields: Record<string, string> = {}) {
    const { res } = await browser.follow(`${appUrl}/api/login?provider=apple`);
    expect(res.status).toBe(200);
    const { action, fields } = formPostFields(await res.text());
    expect(action).toBe(`${appUrl}/api/auth/callback/apple`);
    // Apple posts from its own site: a cross-site POST the callback must accept.
    return browser.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: oidc.issuer },
      body: new URLSearchParams({ ...fields, ...extraFields }).toString(),
    });
  }

  it('signs in with the posted code and takes the name Apple sends once', async () => {
    oidc.signInAs({ sub: 'a-1', email: 'ada@example.com' });
    const browser = new CookieBrowser();
    const res = await appleSignIn(browser, {
      user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' } }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(await currentUser(browser)).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
    });
  });

  it('makes the same e-mail from Google and Apple one user', async () => {
    oidc.signInAs({ sub: 'a-shared', email: 'shared@example.com' });
    const appleBrowser = new CookieBrowser();
    await appleSignIn(appleBrowser);
    const viaApple = await currentUser(appleBrowser);

    oidc.signInAs({ sub: 'g-shared', email: 'shared@example.com' });
    const googleBrowser = new CookieBrowser();
    await googleBrowser.fetch(await googleUntilCallback(googleBrowser));
    const viaGoogle = await currentUser(googleBrowser);

    expect(viaApple?.id).toBeTruthy();
    expect(viaGoogle?.id).toBe(viaApple?.id);
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
