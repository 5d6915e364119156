import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { SESSION_COOKIE, findSessionUser } from './sessions.js';
import { isAdmin, type UserRow } from './users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an /api request, or null. */
    user: UserRow | null;
  }
}

/** Paths a provider posts to from its own site; state, PKCE and nonce protect them instead. */
const CROSS_SITE_ALLOWED = new Set(['/api/auth/callback/apple']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError(401, 'Unauthorized', 'UNAUTHENTICATED');
  return request.user;
}

/**
 * On every /api request, in this order: load the session's user; refuse cross-site state changes
 * (SameSite=Lax cookies plus an Origin check); gate the whole /api/admin prefix.
 */
export function registerAuthGuards(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): void {
  app.decorateRequest('user', null);
  const publicOrigin = new URL(config.publicUrl).origin;

  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith('/api/')) return;

    if (
      !SAFE_METHODS.has(request.method) &&
      !CROSS_SITE_ALLOWED.has(pathname) &&
      isCrossSite(request, publicOrigin)
    ) {
      throw new AppError(403, 'Cross-site request refused', 'CROSS_SITE');
    }

    request.user = (await findSessionUser(db, request.cookies[SESSION_COOKIE])) ?? null;

    if (pathname === '/api/admin' || pathname.startsWith('/api/admin/')) {
      const user = requireUser(request);
      if (!isAdmin(user, config)) throw new AppError(403, 'Admin access required', 'FORBIDDEN');
    }
  });
}

function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin) {
    const ownOrigin = `${request.protocol}://${request.host}`;
    return origin !== publicOrigin && origin !== ownOrigin;
  }
  // No Origin (older browsers, non-browser clients): trust the browser's own label when present.
  return request.headers['sec-fetch-site'] === 'cross-site';
}
