import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import { oneProcessAtATime } from '../db/migration-lock.js';
import { deleteOldAnalytics } from '../modules/analytics/retention.js';
import { deleteExpiredAuthRecords } from '../modules/auth/cleanup.js';
import { renewDuePlans } from '../modules/billing/subscriptions.js';
import { grantDueWeeklyCredits } from '../modules/credits/grants.js';
import { markExportsFailed } from '../modules/exports/queries.js';
import { makeExportFromStoredVideo } from '../modules/exports/service.js';
import { failVideo, renderVideo } from '../modules/rendering/render-worker.js';
import { deleteExpiredFiles } from '../modules/retention/cleanup.js';
import { deliverWebhook, giveUpDelivery } from '../modules/webhooks/delivery.js';
import type { Services } from '../services.js';
import {
  AT_START,
  JOBS,
  type JobDefinition,
  type JobName,
  type JobPayload,
} from './definitions.js';
import { createQueues } from './sender.js';

/**
 * What each job of the registry (`definitions.ts`) does, and the start of a process's jobs. Only the
 * composition root and the process entries import this file: features send jobs by name through
 * the `JobSender` they are given, and never see the handlers.
 */
type Handler<N extends JobName> = (
  payload: JobPayload<N>,
  job: PgBoss.Job<unknown>,
) => Promise<void>;

/** What each job does, given the process's shared services. */
function handlers(services: Services, renderDeadline: (job: PgBoss.Job<unknown>) => AbortSignal) {
  const { db, payments } = services;
  return {
    renderVideo: ({ videoId }, job) => renderVideo(services, videoId, renderDeadline(job)),
    renderFailed: ({ videoId }) => failVideo(services, videoId, 'The render failed twice.'),
    makeVideoExport: ({ videoId, format }) => makeExportFromStoredVideo(services, videoId, format),
    exportFailed: ({ videoId, format }) =>
      markExportsFailed(services.db, videoId, 'The export could not be made.', format),
    creditGrants: async () => {
      await grantDueWeeklyCredits(db);
      if (payments.provider.serverRenewsPlans) await renewDuePlans(db, payments.provider);
    },
    fileRetention: async () => {
      services.log.info(await deleteExpiredFiles(services), 'retention clean-up done');
    },
    authCleanup: () => deleteExpiredAuthRecords(services),
    analyticsCleanup: () => deleteOldAnalytics(db),
    webhookDelivery: ({ deliveryId }) => deliverWebhook(services, deliveryId),
    webhookDeliveryFailed: ({ deliveryId }) => giveUpDelivery(services, deliveryId),
  } satisfies { [N in JobName]: Handler<N> };
}

/**
 * A render is stopped this long before the queue would give up on its job, so the worker, not the
 * queue's timer, ends it: the render process is killed and its slot is free before the next job.
 */
const RENDER_DEADLINE_MARGIN_SECONDS = 5;

export interface Jobs {
  /**
   * Starts the queue, creates every queue and, for a web process, every schedule, then takes jobs
   * (this process's workers) and sends the catch-up of periodic work that fell due while no web
   * process ran. Once: later calls return the first call's promise.
   */
  start(): Promise<void>;
  /** Wakes this process's idle render workers now rather than at their next poll. */
  wakeRenderWorkers(): void;
}

/**
 * The jobs of a process: a web process works the periodic ones and webhook deliveries, and each
 * process `renderWorkers` renders at a time (a worker takes its next render job only once its
 * render has ended, so a job's clock starts with its render). Nothing starts before `start`,
 * which also lets the process's sends through (`services.queuesReady`).
 */
export function jobsOf(
  services: Services,
  role: { periodic: boolean; renderWorkers: number },
): Jobs {
  const { queue, log, queuesReady } = services;
  const { databaseUrl } = services.config;
  const periodic = role.periodic
    ? Object.entries(JOBS).flatMap(([name, job]: [string, JobDefinition<z.ZodType>]) =>
        job.cron ? [{ name: name as JobName, cron: job.cron, runAtStart: job.runAtStart }] : [],
      )
    : [];

  const run = handlers(services, (job) => {
    const seconds = Math.max(1, job.expireInSeconds - RENDER_DEADLINE_MARGIN_SECONDS);
    return AbortSignal.timeout(seconds * 1000);
  });
  const work = async <N extends JobName>(name: N, pollingIntervalSeconds: number) => {
    const definition = JOBS[name];
    const handler = run[name] as Handler<N>;
    return queue.work(definition.name, { pollingIntervalSeconds }, async ([job]) => {
      if (!job) return;
      const payload = definition.payload.safeParse(job.data);
      if (!payload.success) {
        // A malformed job cannot succeed on a retry: it is logged and dropped.
        log.error({ job: definition.name, id: job.id }, 'job payload does not match its schema');
        return;
      }
      try {
        await handler(payload.data as JobPayload<N>, job);
      } catch (err) {
        log.error({ err, job: definition.name }, 'job failed');
        throw err;
      }
    });
  };

  const renderWorkerIds: string[] = [];
  const start = async () => {
    try {
      // Its first start installs the queue's tables: one process at a time (at once, they collide).
      await oneProcessAtATime(databaseUrl, () => queue.start());
      await createQueues(queue, databaseUrl);
    } catch (err) {
      queuesReady.reject(err);
      throw err;
    }
    queuesReady.resolve();
    for (const { name, cron } of periodic) {
      // The schedule sends this payload at each slot (without one, null: no handler would take it).
      await queue.schedule(JOBS[name].name, cron, {});
    }
    for (let i = 0; i < role.renderWorkers; i++) {
      renderWorkerIds.push(await work('renderVideo', 1));
    }
    if (role.renderWorkers > 0) await work('renderFailed', 2);
    // Exports from a stored MP4 are ffmpeg's work: processes that render make them.
    if (role.renderWorkers > 0) {
      await work('makeVideoExport', 1);
      await work('exportFailed', 2);
    }
    for (const { name } of periodic) await work(name, 2);
    // Web processes deliver webhooks: each delivery's job goes to one of them.
    if (role.periodic) {
      await work('webhookDelivery', 1);
      await work('webhookDeliveryFailed', 2);
    }
    for (const { name } of periodic.filter((job) => job.runAtStart)) {
      // Not worth failing a start for: the schedule runs it at its next slot anyway.
      await queue.send(JOBS[name].name, {}, AT_START).catch((err: unknown) => {
        log.warn({ err, job: JOBS[name].name }, 'catch-up at start not sent');
      });
    }
  };
  let started: Promise<void> | undefined;
  return {
    start: () => (started ??= start()),
    wakeRenderWorkers: () => {
      for (const id of renderWorkerIds) queue.notifyWorker(id);
    },
  };
}
