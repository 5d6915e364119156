import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors.js';

/** The JSON 404 of an unknown API path. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  return reply.status(404).send(errorBody(`Not found: ${request.method} ${pathname}`, 'NOT_FOUND'));
}
