import type { FastifyBaseLogger } from 'fastify';

/**
 * A copy of the first signal within this is the same request to stop: Ctrl-C in a terminal reaches
 * the server from the terminal and again from `npm`, which forwards SIGINT and SIGTERM to it.
 */
const SAME_REQUEST_MS = 1000;

/**
 * Runs `stop` on the first SIGTERM or SIGINT, then exits 0 (1 if it failed). A signal after that
 * (a person pressing Ctrl-C again) exits at once with 1.
 */
export function stopOnSignal(log: FastifyBaseLogger, stop: () => Promise<void>): void {
  let firstAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt < SAME_REQUEST_MS) return;
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    firstAt = Date.now();
    log.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
