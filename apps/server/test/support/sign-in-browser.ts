import { cookieFrom } from './http.js';

const SIGN_IN_COOKIE = 'rasma_signin';

/**
 * One browser's e-mail sign-in: it keeps the cookie `send-verification-code` sets and sends it back,
 * as the web app's fetch does, so the server lets it try the codes it asked for. `base` is the
 * server's address (two web processes of one site see the same cookie).
 */
export class SignInBrowser {
  /** `rasma_signin=…`, once a code was asked for. */
  cookie = '';

  async sendCode(base: string, email: unknown, headers: Record<string, string> = {}) {
    const res = await this.post(base, '/api/send-verification-code', { email }, headers);
    this.cookie = cookieFrom(res, SIGN_IN_COOKIE) ?? this.cookie;
    return res;
  }

  verify(base: string, email: string, code: string, headers: Record<string, string> = {}) {
    return this.post(base, '/api/verify-email-code', { email, code }, headers);
  }

  /** Any cookie in `headers` is sent along with the sign-in cookie. */
  private post(base: string, pathname: string, body: object, headers: Record<string, string>) {
    const cookie = [this.cookie, headers.cookie].filter(Boolean).join('; ');
    return fetch(new URL(pathname, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers, cookie },
      body: JSON.stringify(body),
    });
  }
}
