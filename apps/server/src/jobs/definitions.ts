import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { oneProcessAtATime } from './db/migration-lock.js';
import { deleteOldAnalytics } from './modules/analytics/retention.js';
import { deleteExpiredAuthRecords } from './modules/auth/cleanup.js';
import { renewDuePlans } from './modules/billing/subscriptions.js';
import { grantDueWeeklyCredits } from './modules/credits/grants.js';
import { deleteExpiredFiles } from './modules/retention/cleanup.js';
import { failVideo, renderVideo } from './modules/videos/render-worker.js';
import type { JobQueue } from './queue/queue.js';
import type { Services } from './services.js';

/**
 * Every job of the queue in one place: its name, its payload (parsed when a job is taken), what it
 * does and, for periodic work, its schedule. The queue sends a scheduled job once per slot across
 * all processes, so periodic work runs once for the whole fleet, not once per process.
 */
interface JobDefinition<P extends z.ZodType> {
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
  /** What every job of this kind is sent with. */
  send?: PgBoss.SendOptions;
}

const videoJob = z.object({ videoId: z.uuid() });
const noPayload = z.object({});

const define = <P extends z.ZodType>(job: JobDefinition<P>) => job;
const RENDER_FAILED = 'render-video-failed';

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
const AT_START: PgBoss.SendOptions = {
  singletonKey: 'at-start',
  singletonSeconds: AT_START_SLOT_SECONDS,
};

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;

/**
 * Each process's queue, until it has been started and every queue exists in it: a send waits for
 * that (pg-boss drops a job sent to a missing queue).
 */
const queuesReady = new WeakMap<JobQueue, Promise<void>>();

/** Sends a job with its payload checked against the job's schema. */
export async function sendJob<N extends JobName>(
  queue: JobQueue,
  name: N,
  payload: JobPayload<N>,
  options?: PgBoss.SendOptions,
): Promise<string | null> {
  const job = JOBS[name];
  const data = job.payload.parse(payload) as object;
  await queuesReady.get(queue);
  return queue.send(job.name, data, options ?? {});
}

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
    creditGrants: async () => {
      await grantDueWeeklyCredits(db);
      if (payments.provider.serverRenewsPlans) await renewDuePlans(db, payments.provider);
    },
    fileRetention: async () => {
      services.log.info(await deleteExpiredFiles(services), 'retention clean-up done');
    },
    authCleanup: () => deleteExpiredAuthRecords(services),
    analyticsCleanup: () => deleteOldAnalytics(db),
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

/**
 * The jobs of a process: a web process works the periodic ones, and each process `renderWorkers`
 * renders at a time (a worker takes its next render job only once its render has ended, so a
 * job's clock starts with its render). Nothing starts before `start`.
 */
export function jobsOf(
  services: Services,
  role: { periodic: boolean; renderWorkers: number },
): Jobs {
  const { queue, log } = services;
  const { databaseUrl } = services.config;
  const ready = deferred();
  queuesReady.set(queue, ready.promise);
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
      ready.reject(err);
      throw err;
    }
    ready.resolve();
    for (const { name, cron } of periodic) {
      // The schedule sends this payload at each slot (without one, null: no handler would take it).
      await queue.schedule(JOBS[name].name, cron, {});
    }
    for (let i = 0; i < role.renderWorkers; i++) {
      renderWorkerIds.push(await work('renderVideo', 1));
    }
    if (role.renderWorkers > 0) await work('renderFailed', 2);
    for (const { name } of periodic) await work(name, 2);
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

/** A promise with its settling functions (Promise.withResolvers, Node 22). */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  // A start that failed says so itself; the sends that waited fail with its error.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
