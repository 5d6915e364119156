import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@rasma/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { parseInput } from '../errors.js';
import { guardFor, type SessionUser } from './guards.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route serves (every /api route has one). */
    endpoint?: Endpoint;
    /**
     * Declared by a route a provider posts to from its own site (state, PKCE and nonce protect
     * it instead): the cross-site check lets its state changes through.
     */
    allowCrossSite?: boolean;
  }
}

export interface RouteOptions {
  allowCrossSite?: boolean;
  /** A JSON body's limit in bytes, where the server's default (1 MB) is too small. */
  bodyLimit?: number;
}

export interface RouteContext<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** Present whenever the endpoint's access is `user` or `admin` (the guard has run). */
  user: E['access'] extends 'public' ? SessionUser | null : SessionUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** JSON endpoints return their response; redirects, files and event streams use the reply. */
type RouteResult<E extends Endpoint> = E['response'] extends ZodType
  ? EndpointResponse<E>
  : FastifyReply;

export type RouteHandler<E extends Endpoint> = (
  context: RouteContext<E>,
) => RouteResult<E> | Promise<RouteResult<E>>;

/**
 * Serves a contract endpoint from the plugin it belongs to (the plugin's prefix is taken off the
 * path). Its guard runs on the matched route; params, query and body are parsed with the contract's
 * schemas (400 naming the field); a JSON answer is parsed with the response schema on its way out,
 * so nothing beyond the contract (say, a whole database row) ever leaves.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
): void {
  if (!endpoint.path.startsWith(app.prefix)) {
    throw new Error(`${endpoint.path} is registered in the plugin for ${app.prefix}`);
  }
  if (endpoint.access === 'admin' && endpoint.tokenScope) {
    throw new Error(`${endpoint.path} is an admin call: no API token may reach it`);
  }
  const responseSchema = typeof endpoint.response === 'string' ? undefined : endpoint.response;
  app.route({
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length) || '/',
    config: { endpoint, allowCrossSite: options.allowCrossSite ?? false },
    onRequest: guardFor(endpoint),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const context = {
        params: parseOptional(endpoint.params, request.params),
        query: parseOptional(endpoint.query, request.query),
        body: parseOptional(endpoint.body, request.body),
        user: request.user,
        request,
        reply,
      } as RouteContext<E>;
      const result = await handler(context);
      return responseSchema ? responseSchema.parse(result) : result;
    },
  });
}

const parseOptional = (schema: ZodType | undefined, data: unknown): unknown =>
  schema ? parseInput(schema, data) : undefined;
