import type { FastifyInstance } from 'fastify';

/**
 * How long a stopping server lets the requests in flight finish before it closes every connection
 * left: one that can never finish (a client gone quiet mid-upload) would hold the stop for good.
 */
const STOP_GRACE_MS = 10_000;

/**
 * Once the server is stopping, each answer closes its connection: a request in flight is answered,
 * and its connection, kept alive, would otherwise hold the stop for Fastify's keep-alive timeout
 * (72 s), past what a process manager waits. Connections still open `STOP_GRACE_MS` later are
 * closed.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance): void {
  let stopping = false;
  let grace: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    stopping = true;
    grace = setTimeout(() => app.server.closeAllConnections(), STOP_GRACE_MS);
    grace.unref();
  });
  app.addHook('onClose', async () => clearTimeout(grace));
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) void reply.header('connection', 'close');
  });
}
