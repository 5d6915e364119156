import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createJobSender, deferred, type Deferred } from './jobs/sender.js';
import type { JobSender } from './jobs/definitions.js';
import { createAudioChecker, type AudioChecker } from './modules/audio/audio-file.js';
import { SessionStore } from './modules/auth/session-store.js';
import { createDecodeQueue, type DecodeQueue } from './modules/images/decode-queue.js';
import type { Payments } from './modules/billing/plugin.js';
import { createTestPaymentProvider } from './modules/billing/test-provider.js';
import { createPreviewQueue, type PreviewQueue } from './modules/previews/preview-queue.js';
import { createPreviewThread, type PreviewThread } from './modules/previews/preview-thread.js';
import { startProgressBus, type ProgressBus } from './progress/progress-bus.js';
import { openQueue, type JobQueue } from './queue/queue.js';
import { createRenderRunner, type RenderRunner } from './render/runner.js';
import { openStorage } from './storage/open-storage.js';
import type { Storage } from './storage/storage.js';

/**
 * The services every feature shares, started once per process (web or worker) by the composition
 * root and handed to each feature: features never start them themselves, and never name this type
 * (each declares the few it needs with the services' own types).
 */
export interface Services {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  storage: Storage;
  /** The queue itself: for the job handlers (`jobs/handlers.ts`) only. */
  queue: JobQueue;
  /** Settled by the jobs' start (`jobsOf(...).start()`): once it resolves, sends go through. */
  queuesReady: Deferred;
  /** How features send jobs. */
  jobs: JobSender;
  progress: ProgressBus;
  runner: RenderRunner;
  mailer: Mailer;
  sessions: SessionStore;
  payments: Payments;
  /** Full-size image decodes, bounded per person and per process. */
  decodes: DecodeQueue;
  /** Uploaded audio files read whole and kept as AAC, a few at a time per process. */
  audio: AudioChecker;
  /** The thread that draws outline previews (started on the first one) and their queue. */
  previews: PreviewThread;
  previewQueue: PreviewQueue;
  /** How long a render job may run before its worker is taken for dead. */
  jobExpirySeconds: (drawingSeconds: number) => number;
  /** Stops what runs in the background, renders first; the database stays open for the caller. */
  close(): Promise<void>;
}

/**
 * One full-size decode at a time in a process (a 50-megapixel photo takes about 200 MB while it is
 * read; previews have a queue of their own), and two uploads held per person: an image for a
 * project and one for a video may travel together; a third is refused until one is done.
 */
const DECODE_LIMITS = { atOnce: 1, perUser: 2 };

/**
 * Audio checks at once in a process: each is an ffmpeg reading a file whole and writing it as AAC
 * (a few seconds of a core for a 5-minute file, little memory); two keep one long file from holding
 * up everyone else's. Held in an upload place of the person's (`DECODE_LIMITS.perUser`).
 */
const AUDIO_CHECKS_AT_ONCE = 2;

/** Starts the shared services on an open database; `renderWorkers` sizes the render runner. */
export async function startServices(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  renderWorkers: number,
): Promise<Services> {
  const { db } = database;
  // Started by the jobs (jobs/handlers.ts): in a web process once it listens.
  const queue = openQueue(database, log);
  const queuesReady = deferred();
  const progress = await startProgressBus(database, log);
  const runner = createRenderRunner({
    ffmpegPath: config.ffmpegPath,
    concurrency: Math.max(1, renderWorkers),
    log: { info: (message) => log.debug(message) },
    prewarm: renderWorkers > 0 && config.renderPrewarm,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  // Loaded only with Stripe's keys: its SDK is a fifth of a start's module loading.
  const stripeProvider = config.stripe
    ? (await import('./modules/billing/stripe-provider.js')).createStripeProvider(config.stripe, db)
    : undefined;
  const testProvider = stripeProvider ? undefined : createTestPaymentProvider(config.sessionSecret);
  const previews = createPreviewThread();
  return {
    config,
    db,
    log,
    storage: await openStorage(config),
    queue,
    queuesReady,
    jobs: createJobSender(queue, queuesReady.promise),
    progress,
    runner,
    mailer,
    sessions: new SessionStore(db, config.adminEmails),
    payments: { provider: stripeProvider ?? testProvider!, testProvider, stripeProvider },
    decodes: createDecodeQueue(DECODE_LIMITS),
    audio: createAudioChecker({ ffmpegPath: config.ffmpegPath, atOnce: AUDIO_CHECKS_AT_ONCE }),
    previews,
    previewQueue: createPreviewQueue(),
    // A long colour video takes a while: the allowance grows with the drawing time (a story's whole).
    jobExpirySeconds: (drawingSeconds) => config.renderExpirySeconds + 10 * drawingSeconds,
    async close() {
      // End the renders in flight (their jobs go back to the queue for their retry), then let the
      // queue record that and stop, while the database is still open.
      await runner.close();
      await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
      await progress.close();
      await previews.close();
      mailer.close();
    },
  };
}
