import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { startQueue, type JobQueue } from '../../queue/queue.js';
import { createRenderRunner } from '../../render/runner.js';
import { createLocalStorage, type Storage } from '../../storage/storage.js';
import { startProgressBus, type ProgressBus } from './progress.js';
import { startRenderWorkers } from './render-worker.js';
import { RENDER_FAILED_QUEUE, RENDER_QUEUE } from './service.js';

export interface Rendering {
  storage: Storage;
  queue: JobQueue;
  progress: ProgressBus;
  jobExpirySeconds: (drawingTime: number) => number;
  /** Wakes this process's render workers at once (no-op when it runs none). */
  wakeWorkers: () => void;
  close(): Promise<void>;
}

/**
 * What making videos needs: file storage, the job queue, the progress bus and `workers` render
 * workers in this process (the server runs them by default; `npm run worker` runs only them).
 */
export async function startRendering(
  config: Pick<Config, 'dataDir' | 'ffmpegPath' | 'renderExpirySeconds' | 'renderPrewarm'>,
  database: Database,
  log: FastifyBaseLogger,
  workers: number,
): Promise<Rendering> {
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const queue = await startQueue(database, log);
  // Both queues exist before anything is sent (pg-boss drops a job sent to a missing queue).
  await queue.createQueue(RENDER_FAILED_QUEUE);
  await queue.createQueue(RENDER_QUEUE, { name: RENDER_QUEUE, deadLetter: RENDER_FAILED_QUEUE });
  const progress = await startProgressBus(database, log);
  const runner = createRenderRunner({
    ffmpegPath: config.ffmpegPath,
    concurrency: Math.max(1, workers),
    log: { info: (message) => log.debug(message) },
    prewarm: workers > 0 && config.renderPrewarm,
  });
  const wakeWorkers =
    workers > 0
      ? await startRenderWorkers(
          { db: database.db, storage, queue, runner, progress, log },
          workers,
        )
      : () => undefined;
  return {
    storage,
    queue,
    progress,
    // A long colour video takes a while: the allowance grows with the drawing time.
    jobExpirySeconds: (drawingTime) => config.renderExpirySeconds + 10 * drawingTime,
    wakeWorkers,
    async close() {
      // End the renders in flight (their jobs go back to the queue for their retry), then let the
      // queue record that and stop, while the database is still open.
      await runner.close();
      await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
      await progress.close();
    },
  };
}
