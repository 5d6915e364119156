import {
  loginQuerySchema,
  oauthProviderSchema,
  sendVerificationCodeRequestSchema,
  verifyEmailCodeRequestSchema,
  type AuthProvidersResponse,
  type MessageResponse,
  type OAuthProvider,
  type User,
  type VerifyEmailCodeResponse,
} from '@rasma/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { sendVerificationCode, verifyCode } from './codes.js';
import { requireUser } from './guards.js';
import { OAuthClient, type PendingLogin } from './oauth.js';
import { findOrCreateOAuthUser } from './oauth-accounts.js';
import { endSession, startSession } from './sessions.js';
import { findOrCreateUserByEmail, isAdmin, type UserRow } from './users.js';

const OAUTH_COOKIE = 'rasma_oauth';
const OAUTH_COOKIE_PATH = '/api/auth/callback';
const OAUTH_TTL_SECONDS = 10 * 60;

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

function toUserResponse(row: UserRow, config: Pick<Config, 'adminEmails'>): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isAdmin: isAdmin(row, config),
  };
}

export function registerAuthRoutes(app: FastifyInstance, { db, config, mailer }: AuthDeps): void {
  const cookieOptions = { secure: config.publicUrl.startsWith('https:') };
  const oauthClients = new Map<OAuthProvider, OAuthClient>();
  for (const provider of oauthProviderSchema.options) {
    const settings = config.oauth[provider];
    if (settings) {
      oauthClients.set(
        provider,
        new OAuthClient(provider, settings, `${config.publicUrl}${OAUTH_COOKIE_PATH}/${provider}`),
      );
    }
  }

  app.get('/api/auth/user', (request): User => toUserResponse(requireUser(request), config));

  app.get('/api/auth/providers', (): AuthProvidersResponse => ({
    google: oauthClients.has('google'),
    apple: oauthClients.has('apple'),
  }));

  app.post('/api/send-verification-code', async (request): Promise<MessageResponse> => {
    const { email } = parseInput(sendVerificationCodeRequestSchema, request.body);
    await sendVerificationCode({ db, mailer, secret: config.sessionSecret }, email, request.ip);
    return { message: 'Verification code sent' };
  });

  app.post('/api/verify-email-code', async (request, reply): Promise<VerifyEmailCodeResponse> => {
    const { email, code } = parseInput(verifyEmailCodeRequestSchema, request.body);
    await verifyCode(db, config.sessionSecret, email, code);
    const user = await findOrCreateUserByEmail(db, email);
    await startSession(db, request, reply, user.id, cookieOptions);
    return { message: 'Signed in', user: toUserResponse(user, config) };
  });

  /** Full-page navigation: with a provider it starts OAuth; without, it opens the sign-in dialog. */
  app.get('/api/login', async (request, reply) => {
    const { provider } = parseInput(loginQuerySchema, request.query);
    if (request.user) return reply.redirect('/');
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
      path: OAUTH_COOKIE_PATH,
      maxAge: OAUTH_TTL_SECONDS,
      // Apple posts the callback from its own site, which only a SameSite=None cookie survives.
      ...(provider === 'apple'
        ? { sameSite: 'none', secure: true }
        : { sameSite: 'lax', secure: cookieOptions.secure }),
    });
    return reply.redirect(start.url.href);
  });

  const callback = async (
    provider: OAuthProvider,
    params: Record<string, string>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const client = oauthClients.get(provider);
    const pending = readPendingLogin(request);
    reply.clearCookie(OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH });
    if (!client || !pending || pending.provider !== provider) {
      request.log.warn({ provider }, 'OAuth callback without a matching sign-in in progress');
      return reply.redirect('/?auth=login&authError=oauth_failed');
    }
    try {
      const identity = await client.finish(pending, params);
      const user = await findOrCreateOAuthUser(db, provider, identity);
      await startSession(db, request, reply, user.id, cookieOptions);
      return reply.redirect('/');
    } catch (err) {
      request.log.warn({ provider, reason: (err as Error).message }, 'OAuth sign-in failed');
      return reply.redirect('/?auth=login&authError=oauth_failed');
    }
  };

  app.get('/api/auth/callback/google', (request, reply) =>
    callback('google', stringParams(request.query), request, reply),
  );
  app.post('/api/auth/callback/apple', (request, reply) =>
    callback('apple', stringParams(request.body), request, reply),
  );

  app.get('/api/logout', async (request, reply) => {
    await endSession(db, request, reply, cookieOptions);
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
}

function stringParams(input: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input))
      if (typeof value === 'string') params[key] = value;
  }
  return params;
}
