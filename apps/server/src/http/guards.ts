import type { Endpoint, UserRole } from '@rasma/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors.js';

/** Who a request is signed in as: all a guard needs. */
export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (id, e-mail, role), or null. Services read anything else fresh. */
    user: SessionUser | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface GuardDeps {
  /** The user of a session cookie's token, or undefined when there is no live session. */
  findSessionUser(token: string): Promise<SessionUser | undefined>;
  sessionCookie: string;
  publicOrigin: string;
}

/**
 * The hooks every request passes, whatever route it matched and however its path is spelled:
 * refuse cross-site state changes (SameSite=Lax cookies plus an Origin check; a route that must take
 * them declares `allowCrossSite`), then load the session's user.
 */
export function registerGuards(app: FastifyInstance, deps: GuardDeps): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (
      !SAFE_METHODS.has(request.method) &&
      !request.routeOptions.config.allowCrossSite &&
      isCrossSite(request, deps.publicOrigin)
    ) {
      throw new AppError(403, 'Cross-site request refused', 'CROSS_SITE');
    }
    const token = request.cookies[deps.sessionCookie];
    request.user = (token && (await deps.findSessionUser(token))) || null;
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, 'Unauthorized', 'UNAUTHENTICATED');
  return request.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new AppError(403, 'Admin access required', 'FORBIDDEN');
  return user;
}

const GUARDS: Record<Endpoint['access'], onRequestHookHandler[]> = {
  public: [],
  user: [async (request) => void requireUser(request)],
  admin: [async (request) => void requireAdmin(request)],
};

/** The route-level hooks for an endpoint's access. */
export const guardFor = (access: Endpoint['access']) => GUARDS[access];

/** A browser navigation or fetch started by another site (Sec-Fetch-Site, else Origin). */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin) {
    const ownOrigin = `${request.protocol}://${request.host}`;
    return origin !== publicOrigin && origin !== ownOrigin;
  }
  // No Origin (older browsers, non-browser clients): trust the browser's own label when present.
  return request.headers['sec-fetch-site'] === 'cross-site';
}
