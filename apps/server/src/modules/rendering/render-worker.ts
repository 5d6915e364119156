import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVideoBlobDataSchema } from '@rasma/contract';
import { EngineError, type EngineErrorCode } from '@rasma/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ProgressBus } from '../../progress/progress-bus.js';
import { RENDER_TEMP_PREFIX, type RenderRunner } from '../../render/runner.js';
import { thumbnailKey, videoKey } from '../../storage/keys.js';
import type { Storage } from '../../storage/storage.js';
import { applyCreditChange } from '../credits/ledger.js';
import { markExportsFailed } from '../exports/queries.js';
import { makeRenderExports, type ExportDeps } from '../exports/service.js';
import { progressEvent } from '../videos/progress-stream.js';
import { deleteUploadFiles } from '../videos/upload-files.js';
import { queueVideoWebhooks, type WebhookEventDeps } from '../webhooks/events.js';
import {
  markCompleted,
  markFailed,
  storedSource,
  storeProgress,
  videoToRender,
} from './queries.js';
import { toRenderInput } from './render-options.js';
import { renderFiles } from './render-source.js';

/** Progress is written to the database (for a reload) at most this often; events go out at once. */
const PROGRESS_STORE_INTERVAL_MS = 1000;
/** Engine failures a second try cannot fix: the video fails at once. */
const PERMANENT_FAILURES: ReadonlySet<EngineErrorCode> = new Set([
  'INVALID_OPTIONS',
  'NOT_AN_IMAGE',
  'IMAGE_TOO_LARGE',
  'NOT_AUDIO',
  'AUDIO_TOO_LONG',
  'AUDIO_TOO_SHORT',
  'AUDIO_CHANNELS',
  'AUDIO_SAMPLE_RATE',
]);

/** What a render needs, from the composition root (the jobs and settings: for its webhooks). */
export interface RenderWorkerDeps extends WebhookEventDeps {
  db: Db;
  storage: Storage;
  runner: RenderRunner;
  progress: ProgressBus;
  log: FastifyBaseLogger;
  /** The webhooks' settings, and the ffmpeg that makes the exports. */
  config: WebhookEventDeps['config'] & ExportDeps['config'];
}

/**
 * Renders a video (the render job's handler, see `jobs/handlers.ts`): runs the engine (a story's
 * scenes, or a picture), stores the MP4 and its thumbnail, marks the video completed and deletes
 * the uploaded source. A render that outlives
 * its job's allowance (`deadline`) is killed and its video failed and refunded at once (a second try
 * would take as long). Another failure is retried once (the queue's retry); a job that fails again,
 * or whose worker died past its expiry, lands in the failed queue, whose handler fails the video
 * and refunds it, exactly once.
 */
export async function renderVideo(
  deps: RenderWorkerDeps,
  videoId: string,
  deadline: AbortSignal,
): Promise<void> {
  const { db, storage, runner, progress, log } = deps;
  const row = await videoToRender(db, videoId);
  if (!row) return;
  const settings = createVideoBlobDataSchema.safeParse(row.options);
  if (!settings.success) {
    await failVideo(deps, videoId, 'The video settings are not valid.');
    return;
  }
  const stored = await storedSource(db, row.imageId);
  const input = toRenderInput(settings.data);
  // The render works on its own copies, in a folder of its own (mkdtemp: readable by this user only).
  const folder = await mkdtemp(path.join(tmpdir(), RENDER_TEMP_PREFIX));
  const files = stored && renderFiles(stored, settings.data, input, folder);
  if (!stored || !files) {
    await rm(folder, { recursive: true, force: true });
    await failVideo(deps, videoId, 'The uploaded image is gone.');
    return;
  }
  let storedAt = Date.now();
  const output = path.join(folder, 'video.mp4');
  const thumbnail = path.join(folder, 'thumbnail.jpg');
  const transparentOutput = input.exports.includes('webm-alpha')
    ? path.join(folder, 'transparent.webm')
    : undefined;
  try {
    for (const file of files.downloads) await storage.download(file.key, file.path);
    const result = await runner.render({
      ...files.source,
      output,
      thumbnail,
      transparentOutput,
      audio: files.audio,
      options: input.options,
      signal: deadline,
      onProgress: (percent) => {
        if (percent >= 100) return; // "completed" is said once the files are stored
        void progress.publish(row.userId, progressEvent({ ...row, progress: percent }));
        if (Date.now() - storedAt < PROGRESS_STORE_INTERVAL_MS) return;
        storedAt = Date.now();
        void storeProgress(db, videoId, percent).catch((err: unknown) =>
          log.warn({ err, videoId }, 'progress not stored'),
        );
      },
    });
    await storage.upload(videoKey(videoId), output, 'video/mp4');
    await storage.upload(thumbnailKey(videoId), thumbnail, 'image/jpeg');
    // The exports chosen at Generate are made before the video is completed (each fails alone).
    await makeRenderExports(deps, videoId, input.exports, {
      video: output,
      transparent: result.transparentOutput,
      folder,
      signal: deadline,
    });
    // The upload goes before the video is announced complete: "completed" means "source deleted".
    await deleteUploadFiles(deps, stored);
    const done = await db.transaction(async (tx) => {
      const completed = await markCompleted(tx, videoId, {
        videoKey: videoKey(videoId),
        thumbnailKey: thumbnailKey(videoId),
        durationSeconds: result.durationSeconds,
      });
      if (completed) await queueVideoWebhooks(deps, tx, completed, 'video.completed');
      return completed;
    });
    if (done) await progress.publish(done.userId, progressEvent(done));
  } catch (err) {
    if (deadline.aborted) {
      log.warn({ videoId }, 'render stopped: it outlived its allowance');
      await failVideo(deps, videoId, 'The render took longer than its allowance.');
      return;
    }
    if (err instanceof EngineError && PERMANENT_FAILURES.has(err.code)) {
      log.warn({ videoId, code: err.code }, 'render failed for good');
      await failVideo(deps, videoId, err.message);
      return;
    }
    throw err;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Marks a video failed and refunds its credits, once, whoever calls it how often (its webhooks
 * queued in the same transaction).
 */
export async function failVideo(
  deps: Pick<RenderWorkerDeps, 'db' | 'storage' | 'progress' | 'jobs' | 'config'>,
  videoId: string,
  reason: string,
): Promise<void> {
  const { db, progress } = deps;
  const failed = await db.transaction(async (tx) => {
    const row = await markFailed(tx, videoId, reason);
    if (!row) return undefined;
    await applyCreditChange(tx, {
      userId: row.userId,
      delta: row.creditsUsed,
      kind: 'video_refund',
      reason: 'Video creation failed',
      idempotencyKey: `video-refund:${videoId}`,
      videoId,
    });
    await queueVideoWebhooks(deps, tx, row, 'video.failed');
    return row;
  });
  if (!failed) return;
  await markExportsFailed(db, videoId, 'The video could not be made.');
  await progress.publish(failed.userId, progressEvent(failed));
  await Promise.all([
    deps.storage.delete(videoKey(videoId)),
    deps.storage.delete(thumbnailKey(videoId)),
  ]);
  const stored = await storedSource(db, failed.imageId);
  if (stored) await deleteUploadFiles(deps, stored);
}
