import type { FastifyInstance } from 'fastify';

/**
 * Once the server is stopping, each answer closes its connection: a request in flight is answered,
 * and its connection, kept alive, would otherwise hold the stop for Fastify's keep-alive timeout
 * (72 s), past what a process manager waits.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance): void {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) void reply.header('connection', 'close');
  });
}
