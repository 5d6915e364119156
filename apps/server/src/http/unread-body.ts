import type { FastifyInstance } from 'fastify';

/**
 * An answer given before the request's body was read whole (an upload refused by its limits, its
 * quota or its rate before a byte of the file is read) closes its connection. The rest of the body
 * is not read, so the connection could serve no next request, and it would otherwise stay open
 * with the body half-sent, holding a stopping server's close for good.
 */
export function closeConnectionsOfUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) void reply.header('connection', 'close');
  });
}
