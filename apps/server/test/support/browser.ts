import { Cookie, CookieJar } from 'tough-cookie';

export interface BrowserOptions {
  /**
   * Origins the browser sees, mapped to the address that answers them, as a TLS-terminating proxy
   * in front of the server would: `{ 'https://rasma.example': server.url }`. Cookie rules follow
   * the origin the browser sees.
   */
  proxies?: Record<string, string>;
}

export interface BrowserRequest extends RequestInit {
  /**
   * The origin of the page that started the request (a link, a redirect, a form). Absent, the user
   * typed the address, or the app's own page sent it.
   */
  from?: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The site of a URL: its scheme and host. (A site is the registrable domain; the hosts the tests
 * use, 127.0.0.1, localhost and rasma.example, are their own. Ports do not make sites.)
 */
const siteOf = (url: URL) => `${url.protocol}//${url.hostname}`;

/**
 * An HTTP client that keeps cookies by a browser's rules (tough-cookie's jar: Domain, Path, Secure,
 * HttpOnly, SameSite, expiry) and follows redirects one hop at a time, for driving OAuth flows
 * across two servers. Every request is a top-level navigation (or the app's own page calling its
 * API), so:
 * - a request from another site carries SameSite=Lax cookies only when it is a GET; a cross-site
 *   POST (Apple's form_post) carries only SameSite=None cookies;
 * - an answer may set cookies whatever the site that started the request;
 * - Secure cookies go only to https origins, and to loopback http (a secure context to browsers);
 * - a SameSite=None cookie without Secure is refused, as browsers do;
 * - Max-Age counts from when the cookie arrived; `passTime` moves that clock on.
 * It sends `Origin` on POSTs and `Sec-Fetch-Site` on every request, as browsers do.
 */
export class CookieBrowser {
  private readonly jar = new CookieJar();
  private readonly proxies: Record<string, string>;

  constructor(options: BrowserOptions = {}) {
    this.proxies = options.proxies ?? {};
  }

  /** The cookie `name` as this browser would send it with a (same-site) request to `url`. */
  async cookie(url: string, name: string): Promise<Cookie | undefined> {
    return (await this.jar.getCookies(url)).find((cookie) => cookie.key === name);
  }

  async fetch(url: string, { from, ...init }: BrowserRequest = {}): Promise<Response> {
    const target = new URL(url);
    const initiator = from === undefined ? undefined : new URL(from);
    const method = (init.method ?? 'GET').toUpperCase();
    const crossSite = initiator !== undefined && siteOf(initiator) !== siteOf(target);
    const headers = new Headers(init.headers);
    const cookies = await this.jar.getCookieString(url, {
      sameSiteContext: !crossSite ? 'strict' : SAFE_METHODS.has(method) ? 'lax' : 'none',
    });
    if (cookies) headers.set('cookie', cookies);
    headers.set('sec-fetch-site', fetchSite(initiator, target, crossSite));
    if (!SAFE_METHODS.has(method)) headers.set('origin', (initiator ?? target).origin);

    const proxy = this.proxies[target.origin];
    const address = proxy ? new URL(`${target.pathname}${target.search}`, proxy) : target;
    const res = await fetch(address, { ...init, headers, redirect: 'manual' });
    for (const header of res.headers.getSetCookie()) await this.store(header, url);
    return res;
  }

  /**
   * Follows redirects from `url` (each hop started by the page that redirected) until an answer
   * that is not a redirect, or until `stopAt` matches the next URL.
   */
  async follow(
    url: string,
    stopAt?: (url: string) => boolean,
  ): Promise<{ url: string; res: Response }> {
    let current = url;
    let from: string | undefined;
    for (let hop = 0; hop < 20; hop++) {
      if (stopAt?.(current)) return { url: current, res: new Response(null, { status: 204 }) };
      const res = await this.fetch(current, { from });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url: current, res };
      from = current;
      current = new URL(location, current).href;
    }
    throw new Error('too many redirects');
  }

  /** Lets `ms` pass for this browser: the cookies it holds come that much closer to expiring. */
  async passTime(ms: number): Promise<void> {
    for (const cookie of await this.jar.store.getAllCookies()) {
      if (cookie.expires instanceof Date) {
        cookie.expires = new Date(cookie.expires.getTime() - ms);
      }
    }
  }

  private async store(header: string, url: string): Promise<void> {
    const cookie = Cookie.parse(header);
    if (!cookie || (cookie.sameSite === 'none' && !cookie.secure)) return;
    if (typeof cookie.maxAge === 'number') {
      // A browser keeps when the cookie expires, fixed when it arrives.
      cookie.expires = new Date(cookie.maxAge > 0 ? Date.now() + cookie.maxAge * 1000 : 0);
      cookie.maxAge = null;
    }
    // Like a browser, a cookie the rules refuse (say, Secure over plain http) is dropped silently.
    await this.jar.setCookie(cookie, url, { ignoreError: true });
  }
}

function fetchSite(initiator: URL | undefined, target: URL, crossSite: boolean): string {
  if (!initiator) return 'none';
  if (crossSite) return 'cross-site';
  return initiator.origin === target.origin ? 'same-origin' : 'same-site';
}

/** The hidden inputs of an auto-submitting form_post page. */
export function formPostFields(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in:\n${html}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replace(/&amp;/g, '&');
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}
