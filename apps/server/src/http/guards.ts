import { API_TOKEN_MESSAGES, type Endpoint, type TokenScope, type UserRole } from '@rasma/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors.js';

/** Who a request is signed in as: all a guard needs. */
export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
}

/** The personal API token a request is authenticated by. */
export interface RequestApiToken {
  id: string;
  scopes: readonly TokenScope[];
}

/** A live API token and its owner. */
export interface ApiTokenUser {
  user: SessionUser;
  token: RequestApiToken;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (id, e-mail, role), or null. Services read anything else fresh. */
    user: SessionUser | null;
    /** Set when the request carries `Authorization: Bearer`: its user is then the token's owner. */
    apiToken: RequestApiToken | null;
  }
  interface FastifyInstance {
    /** Whether the request's session or API token is still live (a long stream asks again). */
    stillSignedIn(request: FastifyRequest): Promise<boolean>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface GuardDeps {
  /** The user of a session cookie's token, or undefined when there is no live session. */
  findSessionUser(token: string): Promise<SessionUser | undefined>;
  /** The owner of a live API token, or undefined for any other string. */
  findApiTokenUser(token: string): Promise<ApiTokenUser | undefined>;
  /** Counts a request made with the token (429 past its limit). */
  useApiToken(tokenId: string): Promise<void>;
  sessionCookie: string;
  publicOrigin: string;
}

/**
 * The hooks every request passes, whatever route it matched and however its path is spelled.
 * A request with `Authorization: Bearer` is authenticated by that token alone (the session cookie is
 * ignored, a bad token is a 401) and skips the cross-site check: it carries no ambient credential a
 * browser could be tricked into sending. Any other request is refused as a cross-site state change
 * (SameSite=Lax cookies plus an Origin check; a route that must take them declares
 * `allowCrossSite`), then gets its session's user.
 */
export function registerGuards(app: FastifyInstance, deps: GuardDeps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);
  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    if (bearer !== undefined) {
      const found = await deps.findApiTokenUser(bearer);
      if (!found) throw new AppError(401, API_TOKEN_MESSAGES.invalid, 'UNAUTHENTICATED');
      request.user = found.user;
      request.apiToken = found.token;
      await deps.useApiToken(found.token.id);
      return;
    }
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
  app.decorate('stillSignedIn', async (request: FastifyRequest) => {
    const bearer = bearerToken(request);
    if (bearer !== undefined) return (await deps.findApiTokenUser(bearer)) !== undefined;
    const token = request.cookies[deps.sessionCookie];
    return !!token && (await deps.findSessionUser(token)) !== undefined;
  });
}

/** The token of an `Authorization: Bearer` header (maybe empty), or undefined without one. */
function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^bearer(?:\s+(.*))?$/i.exec(request.headers.authorization?.trim() ?? '');
  return match ? (match[1] ?? '') : undefined;
}

const sessionOnly = () => new AppError(403, API_TOKEN_MESSAGES.sessionOnly, 'FORBIDDEN');

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, 'Unauthorized', 'UNAUTHENTICATED');
  return request.user;
}

/** An administrator's browser session: no API token reaches the admin area, an admin's neither. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  if (request.apiToken) throw sessionOnly();
  const user = requireUser(request);
  if (user.role !== 'admin') throw new AppError(403, 'Admin access required', 'FORBIDDEN');
  return user;
}

const GUARDS: Record<Endpoint['access'], onRequestHookHandler[]> = {
  public: [],
  user: [async (request) => void requireUser(request)],
  admin: [async (request) => void requireAdmin(request)],
};

/** What an API token may call: only endpoints with a scope, and only with that scope. */
const tokenGuard =
  (scope: TokenScope | undefined): onRequestHookHandler =>
  async (request) => {
    const token = request.apiToken;
    if (!token) return;
    if (!scope) throw sessionOnly();
    if (!token.scopes.includes(scope)) {
      throw new AppError(403, API_TOKEN_MESSAGES.missingScope(scope), 'FORBIDDEN');
    }
  };

/** The route-level hooks for an endpoint: its token scope, then its access. */
export const guardFor = ({ access, tokenScope }: Pick<Endpoint, 'access' | 'tokenScope'>) => [
  tokenGuard(tokenScope),
  ...GUARDS[access],
];

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
