import type { FastifyReply, FastifyRequest } from 'fastify';

/** The JSON 404 of an unknown API path. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  return reply
    .status(404)
    .send({ message: `Not found: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
}
