import { inTransaction } from '../db/in-transaction.js';
import { oneProcessAtATime } from '../db/migration-lock.js';
import type { JobQueue } from '../queue/queue.js';
import {
  JOBS,
  type JobName,
  type JobPayload,
  type JobSender,
  type SendOptions,
} from './definitions.js';

/**
 * Sends a job on `queue` now: its payload checked against the job's schema, the job's own send
 * options (`JOBS[name].send`) applied over the caller's.
 */
export async function sendJob<N extends JobName>(
  queue: JobQueue,
  name: N,
  payload: JobPayload<N>,
  { transaction, ...options }: SendOptions = {},
): Promise<string | null> {
  const job = JOBS[name];
  const data = job.payload.parse(payload) as object;
  return queue.send(job.name, data, {
    ...options,
    ...(transaction && { db: inTransaction(transaction) }),
    ...job.send,
  });
}

/**
 * The process's job sender: each send waits for `queuesReady` (the queue started and every queue
 * created: pg-boss drops a job sent to a missing queue), then sends as `sendJob` does. A start that
 * failed fails the sends that waited for it.
 */
export function createJobSender(queue: JobQueue, queuesReady: Promise<void>): JobSender {
  return {
    async send(name, payload, options) {
      JOBS[name].payload.parse(payload);
      await queuesReady;
      return sendJob(queue, name, payload, options);
    },
  };
}

/**
 * Creates every queue that is missing, the dead-letter queues first: every queue exists before
 * anything is sent (pg-boss drops a job sent to a missing queue). A new queue is a new table:
 * processes starting at once on PostgreSQL (`databaseUrl`) create them one at a time, as they
 * migrate (at the same time, they deadlock).
 */
export async function createQueues(
  queue: JobQueue,
  databaseUrl: string | undefined,
): Promise<void> {
  await oneProcessAtATime(databaseUrl, async () => {
    for (const job of Object.values(JOBS)) {
      await queue.createQueue(job.name, { name: job.name, ...job.queue });
    }
  });
}

/** A promise with its settling functions (Promise.withResolvers, Node 22). */
export interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

export function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  // A start that failed says so itself; the sends that waited fail with its error.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
