import { createRequire } from 'node:module';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/**
 * The job queue: pg-boss on the product's own database (PGlite through its raw-SQL adapter, or
 * PostgreSQL), so a job is enqueued in the same transaction as the rows it is about.
 */
export type JobQueue = PgBoss;

type JobEnd = (this: NodeJS.EventEmitter, ...args: unknown[]) => Promise<unknown>;
/** pg-boss's job manager (not exported by its entry point): what records a job's end. */
const jobManager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
  prototype: NodeJS.EventEmitter & { complete: JobEnd; fail: JobEnd };
};

/**
 * pg-boss 10 records the end of a job its worker ran (`complete`, `fail`) without waiting for it: a
 * database out of reach at that moment would leave a rejection no one handles, which ends the
 * process. It is reported on the queue's error event instead; the job stays active until its
 * expiry, and is then tried again (a render finds its video finished and does nothing).
 */
for (const name of ['complete', 'fail'] as const) {
  const record = jobManager.prototype[name];
  jobManager.prototype[name] = function (...args) {
    return record.apply(this, args).catch((err: unknown) => {
      this.emit('error', err);
    });
  };
}

/** How often the queue's maintenance fails expired jobs (a dead worker's) and moves them on. */
const MAINTENANCE_SECONDS = 30;

/** The queue on `database`, not started yet (`start` it, or `startQueue`). */
export function openQueue(database: Database, log: FastifyBaseLogger): JobQueue {
  const boss = new PgBoss({
    db: {
      // Each of the queue's queries lets waiting I/O in first. The embedded database runs queries
      // on the server's own thread, one after another without a turn of the event loop, so a burst
      // of the queue's (its start, its maintenance) would hold every request until it ends.
      executeSql: async (text, values) => {
        await yieldToEventLoop();
        return database.executeSql(text, values);
      },
    },
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    // Credit grants run on a schedule (one send per slot, whichever server sends it).
    schedule: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  return boss;
}

export async function startQueue(database: Database, log: FastifyBaseLogger): Promise<JobQueue> {
  return openQueue(database, log).start();
}
