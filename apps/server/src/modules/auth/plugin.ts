import { api, type OAuthProvider, type User } from '@rasma/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import type { Mailer } from '../../mail/mailer.js';
import { sendVerificationCode, signInNonce } from './codes.js';
import type { PendingLogin } from './oauth.js';
import {
  createOAuthClients,
  finishOAuthSignIn,
  signInWithCode,
  type NewSession,
} from './service.js';
import { toSessionProfile, type SessionProfile, type SessionStore } from './session-store.js';

export const SESSION_COOKIE = 'rasma_session';
const OAUTH_COOKIE = 'rasma_oauth';
const OAUTH_TTL_SECONDS = 10 * 60;
/** The nonce binding e-mail codes to the browser that asked for them. */
const SIGN_IN_COOKIE = 'rasma_signin';
const SIGN_IN_COOKIE_TTL_SECONDS = 24 * 60 * 60;

export interface AuthModuleOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  sessions: SessionStore;
}

const toUserResponse = (user: SessionProfile): User => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  isAdmin: user.role === 'admin',
});

/** Sign-in by e-mail code, Google and Apple; sessions in an httpOnly cookie. Prefix `/api`. */
export const authModule: FastifyPluginAsync<AuthModuleOptions> = async (
  app,
  { db, config, mailer, sessions },
) => {
  const secure = config.https;
  const sessionCookie = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;
  // The OAuth cookie goes only to the callbacks: their common parent path.
  const oauthCookiePath = api.googleCallback.path.slice(
    0,
    api.googleCallback.path.lastIndexOf('/'),
  );
  // The sign-in cookie goes only to the e-mail sign-in's two endpoints: their common parent path.
  const signInCookiePath = api.sendVerificationCode.path.slice(
    0,
    api.sendVerificationCode.path.lastIndexOf('/'),
  );
  const oauthClients = createOAuthClients(config);

  const setSessionCookie = (reply: FastifyReply, { token, expiresAt }: NewSession) =>
    reply.setCookie(SESSION_COOKIE, token, { ...sessionCookie, expires: expiresAt });

  route(app, api.authUser, async ({ request }) => {
    const token = request.cookies[SESSION_COOKIE];
    const profile = token ? await sessions.findProfile(token) : undefined;
    if (!profile) throw new Error('the session guard let a request without a session through');
    return toUserResponse(profile);
  });

  route(app, api.authProviders, () => ({
    google: oauthClients.has('google'),
    apple: oauthClients.has('apple'),
  }));

  route(app, api.sendVerificationCode, async ({ body, request, reply }) => {
    const nonce = signInNonce(request.cookies[SIGN_IN_COOKIE]);
    reply.setCookie(SIGN_IN_COOKIE, nonce, {
      ...sessionCookie,
      path: signInCookiePath,
      maxAge: SIGN_IN_COOKIE_TTL_SECONDS,
    });
    await sendVerificationCode({ db, mailer, secret: config.sessionSecret }, body.email, {
      ip: request.ip,
      nonce,
    });
    return { message: 'Verification code sent' };
  });

  route(app, api.verifyEmailCode, async ({ body, request, reply }) => {
    const { user, session } = await signInWithCode(
      { db, sessions, secret: config.sessionSecret },
      {
        ...body,
        client: { ip: request.ip, nonce: request.cookies[SIGN_IN_COOKIE] },
        previousToken: request.cookies[SESSION_COOKIE],
      },
    );
    setSessionCookie(reply, session);
    return {
      message: 'Signed in',
      user: toUserResponse(toSessionProfile(user, config.adminEmails)),
    };
  });

  /** Full-page navigation: with a provider it starts OAuth; without, it opens the sign-in dialog. */
  route(app, api.login, async ({ query: { provider }, user, request, reply }) => {
    if (user) return reply.redirect('/');
    if (!provider) return reply.redirect('/?auth=login');
    const client = oauthClients.get(provider);
    if (!client) return reply.redirect('/?auth=login&authError=provider_unavailable');
    let start;
    try {
      start = await client.start();
    } catch (err) {
      request.log.error({ err, provider }, 'OAuth provider unreachable');
      return reply.redirect('/?auth=login&authError=provider_unreachable');
    }
    reply.setCookie(OAUTH_COOKIE, JSON.stringify(start.pending), {
      signed: true,
      httpOnly: true,
      path: oauthCookiePath,
      maxAge: OAUTH_TTL_SECONDS,
      // Apple posts the callback from its own site, which only a SameSite=None cookie survives.
      ...(provider === 'apple' ? { sameSite: 'none', secure: true } : { sameSite: 'lax', secure }),
    });
    return reply.redirect(start.url.href);
  });

  const callback = async (
    provider: OAuthProvider,
    params: Record<string, string>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const pending = readPendingLogin(request);
    reply.clearCookie(OAUTH_COOKIE, { path: oauthCookiePath });
    const outcome = await finishOAuthSignIn(
      { db, sessions, clients: oauthClients },
      { provider, pending, params, previousToken: request.cookies[SESSION_COOKIE] },
    );
    if (!outcome.signedIn) {
      request.log.warn({ provider, reason: outcome.reason }, outcome.failure);
      return reply.redirect('/?auth=login&authError=oauth_failed');
    }
    setSessionCookie(reply, outcome.session);
    return reply.redirect('/');
  };

  route(app, api.googleCallback, ({ query, request, reply }) =>
    callback('google', query, request, reply),
  );
  route(
    app,
    api.appleCallback,
    ({ body, request, reply }) => callback('apple', body, request, reply),
    { allowCrossSite: true },
  );

  /**
   * A browser navigation (spec 2.1). Only a navigation the user made (typed, bookmarked, or from our
   * own pages) signs out: another site linking or framing it must not end the session.
   */
  route(app, api.logout, async ({ request, reply }) => {
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') return reply.redirect('/');
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.delete(token);
    reply.clearCookie(SESSION_COOKIE, sessionCookie);
    return reply.redirect('/');
  });

  function readPendingLogin(request: FastifyRequest): PendingLogin | undefined {
    const raw = request.cookies[OAUTH_COOKIE];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return undefined;
    try {
      return JSON.parse(unsigned.value) as PendingLogin;
    } catch {
      return undefined;
    }
  }
};
