import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../queue/queue.js';

export const CREDIT_GRANTS_QUEUE = 'credit-grants';
/** Every 10 minutes: a week or month that begins is granted within minutes. */
const GRANTS_CRON = '*/10 * * * *';

/**
 * Runs the periodic grants (`run`) from the job queue: on a schedule the queue sends once for all
 * servers, and once at start so periods that began while no server ran are caught up. Each grant is
 * keyed in the ledger, so a run that overlaps another grants nothing twice.
 */
export async function startCreditGrantJob(
  queue: JobQueue,
  run: () => Promise<void>,
  log: FastifyBaseLogger,
): Promise<void> {
  await queue.createQueue(CREDIT_GRANTS_QUEUE);
  await queue.schedule(CREDIT_GRANTS_QUEUE, GRANTS_CRON);
  await queue.work(CREDIT_GRANTS_QUEUE, async () => {
    try {
      await run();
    } catch (err) {
      log.error({ err }, 'credit grants failed');
      throw err;
    }
  });
  await queue.send(CREDIT_GRANTS_QUEUE, {});
}
