import { exportFormatSchema, WEBHOOK_LIMITS } from '@rasma/contract';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Transaction } from '../db/in-transaction.js';

/**
 * Every job of the queue in one place: its name, its payload (parsed when a job is sent and when
 * it is taken), what every job of its kind is sent with and, for periodic work, its schedule. The
 * queue sends a scheduled job once per slot across all processes, so periodic work runs once for
 * the whole fleet, not once per process. What each job does is wired in `handlers.ts`.
 */
export interface JobDefinition<P extends z.ZodType> {
  name: string;
  payload: P;
  /** A cron schedule (UTC); unset for jobs sent by the product itself. */
  cron?: string;
  /**
   * Sent when a web process starts, to catch up on what fell due while none ran: once a
   * `AT_START_SLOT_SECONDS` slot for the fleet, however many web processes start in it.
   */
  runAtStart?: boolean;
  /** The queue's own settings (where a job goes once its retries failed). */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** What every job of this kind is sent with (the sender applies it). */
  send?: PgBoss.SendOptions;
}

const videoJob = z.object({ videoId: z.uuid() });
const noPayload = z.object({});

const define = <P extends z.ZodType>(job: JobDefinition<P>) => job;
const RENDER_FAILED = 'render-video-failed';
const deliveryJob = z.object({ deliveryId: z.uuid() });
const WEBHOOK_DELIVERY_FAILED = 'webhook-delivery-failed';
const exportJob = z.object({
  videoId: z.uuid(),
  format: exportFormatSchema.exclude(['webm-alpha']),
});
const EXPORT_FAILED = 'make-video-export-failed';

export const JOBS = {
  /** Where a render job goes once its retry failed too: its video fails and is refunded. */
  renderFailed: define({ name: RENDER_FAILED, payload: videoJob }),
  /** Retried once (a worker that died mid-render), then failed and refunded (`renderFailed`). */
  renderVideo: define({
    name: 'render-video',
    payload: videoJob,
    queue: { deadLetter: RENDER_FAILED },
    send: { retryLimit: 1, deadLetter: RENDER_FAILED },
  }),
  /**
   * Where a delivery's job goes once the queue gave up on it before the delivery counted its last
   * attempt (a process died mid-attempt): the delivery is marked failed rather than left pending.
   * Listed before the queue that names it, which is created after it.
   */
  webhookDeliveryFailed: define({ name: WEBHOOK_DELIVERY_FAILED, payload: deliveryJob }),
  /**
   * One attempt at a webhook delivery; a failed one is tried again after a growing delay
   * (`retryDelay` from the sender: the operator's setting), `WEBHOOK_LIMITS.maxAttempts` in all.
   * An attempt takes seconds: a job held a minute is taken for dead and tried again.
   */
  webhookDelivery: define({
    name: 'webhook-delivery',
    payload: deliveryJob,
    queue: { deadLetter: WEBHOOK_DELIVERY_FAILED },
    send: {
      retryLimit: WEBHOOK_LIMITS.maxAttempts - 1,
      retryBackoff: true,
      expireInSeconds: 60,
      deadLetter: WEBHOOK_DELIVERY_FAILED,
    },
  }),
  /**
   * Where an export's job goes once its retry failed too (the process making it died twice): the
   * export is failed, so the library offers to make it again, rather than left being made. Listed
   * before the queue that names it.
   */
  exportFailed: define({ name: EXPORT_FAILED, payload: exportJob }),
  /**
   * A WebM or GIF of a finished video, asked for from the library: made from its stored MP4 by a
   * process that renders. A failure marks the export failed (the handler's own); a retry is for a
   * process that died making it.
   */
  makeVideoExport: define({
    name: 'make-video-export',
    payload: exportJob,
    queue: { deadLetter: EXPORT_FAILED },
    send: { retryLimit: 1, expireInSeconds: 15 * 60, deadLetter: EXPORT_FAILED },
  }),
  /** Every 10 minutes: a week or month that begins is granted (and a plan renewed) within minutes. */
  creditGrants: define({
    name: 'credit-grants',
    payload: noPayload,
    cron: '*/10 * * * *',
    runAtStart: true,
  }),
  /**
   * Hourly, so an upload past its limit (see RETENTION_LIMITS), or a project unchanged for
   * `PROJECT_LIMITS.keptDays`, is gone within the next hour.
   */
  fileRetention: define({ name: 'retention-cleanup', payload: noPayload, cron: '17 * * * *' }),
  /** Hourly: expired sessions, old codes and rate-limit hits. */
  authCleanup: define({
    name: 'auth-cleanup',
    payload: noPayload,
    cron: '7 * * * *',
    runAtStart: true,
  }),
  /** Past days' visitor salts within minutes of midnight, views past what reports read. */
  analyticsCleanup: define({
    name: 'analytics-cleanup',
    payload: noPayload,
    cron: '*/10 * * * *',
    runAtStart: true,
  }),
};

/** Web processes that start within one such slot (a fleet, a deploy) send one catch-up between them. */
const AT_START_SLOT_SECONDS = 10 * 60;
/** The queue keeps one job a slot for a singleton key and drops the other sends. */
export const AT_START: PgBoss.SendOptions = {
  singletonKey: 'at-start',
  singletonSeconds: AT_START_SLOT_SECONDS,
};

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;

/** What a sender of one job chooses; the rest comes from the job's definition. */
export interface SendOptions {
  /** Sent in this transaction: the job exists exactly when what it is about does. */
  transaction?: Pick<Transaction, 'execute'>;
  /** The queue takes the highest priority first, then the oldest job. */
  priority?: number;
  /** How long a worker may hold the job before it is taken for dead (and the job retried). */
  expireInSeconds?: number;
  /** When the job may be taken (a Date: the queue's seconds form fails inside a transaction). */
  startAfter?: Date;
  /** Seconds before a failed job is tried again (doubling each time with `retryBackoff`). */
  retryDelay?: number;
}

/**
 * How features send jobs (the composition root makes one per process, `createJobSender`): the
 * payload is checked against the job's schema, the job's own send options are applied, and a send
 * waits until the process's queues exist.
 */
export interface JobSender {
  send<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options?: SendOptions,
  ): Promise<string | null>;
}
