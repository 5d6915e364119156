import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EXPORT_FORMAT_INFO,
  EXPORT_MESSAGES,
  type ExportFormat,
  type VideoExport,
} from '@rasma/contract';
import { makeGif, makeWebm, resolveFfmpeg } from '@rasma/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { JobSender } from '../../jobs/definitions.js';
import { RENDER_TEMP_PREFIX } from '../../render/runner.js';
import { videoExportKey, videoKey } from '../../storage/keys.js';
import type { Storage } from '../../storage/storage.js';
import type { VideoRow } from '../videos/queries.js';
import { findExport, markExportCompleted, markExportsFailed, requestExportRow } from './queries.js';

/** What making exports needs, from the composition root. */
export interface ExportDeps {
  db: Db;
  storage: Storage;
  jobs: JobSender;
  config: Pick<Config, 'ffmpegPath'>;
  log: FastifyBaseLogger;
}

/** What making an export takes (a render has no job sender). */
type MakeDeps = Pick<ExportDeps, 'db' | 'storage' | 'config' | 'log'>;

/** The formats made from the finished MP4 (the transparent WebM is made by the render itself). */
type LaterFormat = Exclude<ExportFormat, 'webm-alpha'>;
const isLater = (format: ExportFormat): format is LaterFormat => EXPORT_FORMAT_INFO[format].later;

/**
 * Asks for a WebM or GIF of a finished video, from the library: its row and a job that makes it
 * from the stored MP4, in one transaction. Asking again for one made or being made returns it as
 * it is; a failed one is tried again. The schema refuses the transparent WebM (only at Generate).
 */
export async function requestExport(
  deps: Pick<ExportDeps, 'db' | 'jobs'>,
  video: VideoRow,
  format: ExportFormat,
): Promise<VideoExport> {
  if (video.status !== 'completed') {
    throw new AppError(409, EXPORT_MESSAGES.videoNotReady, 'VIDEO_NOT_READY');
  }
  if (!isLater(format)) throw new AppError(400, EXPORT_MESSAGES.onlyAtGenerate, 'VALIDATION_ERROR');
  await deps.db.transaction(async (tx) => {
    if (await requestExportRow(tx, video.id, format)) {
      await deps.jobs.send('makeVideoExport', { videoId: video.id, format }, { transaction: tx });
    }
  });
  const row = await findExport(deps.db, video.id, format);
  return { format, status: row?.status ?? 'processing', bytes: row?.bytes ?? null };
}

/** The stored file of a made export, and the name its download takes (after the video's title). */
export async function exportFile(
  db: Db,
  video: VideoRow,
  format: ExportFormat,
): Promise<{ key: string; fileName: string; contentType: string }> {
  const row = await findExport(db, video.id, format);
  if (row?.status !== 'completed' || !row.storageKey) {
    throw new AppError(409, EXPORT_MESSAGES.notReady, 'EXPORT_NOT_READY');
  }
  const { extension, mimeType } = EXPORT_FORMAT_INFO[format];
  return { key: row.storageKey, fileName: `${video.title}.${extension}`, contentType: mimeType };
}

/**
 * Makes the WebM or GIF of a finished video from its MP4 (the job `makeVideoExport`), in a private
 * temporary folder. An export that cannot be made fails alone: its video stays completed.
 */
export async function makeExportFromStoredVideo(
  deps: ExportDeps,
  videoId: string,
  format: LaterFormat,
): Promise<void> {
  const row = await findExport(deps.db, videoId, format);
  if (row?.status !== 'processing') return;
  const folder = await mkdtemp(path.join(tmpdir(), RENDER_TEMP_PREFIX));
  try {
    const video = path.join(folder, 'video.mp4');
    try {
      await deps.storage.download(videoKey(videoId), video);
    } catch (err) {
      // Asked for again from the library, it is tried again.
      deps.log.warn({ err, videoId, format }, 'export not made: the video could not be read');
      await markExportsFailed(deps.db, videoId, 'The video could not be read.', format);
      return;
    }
    await makeAndStore(deps, videoId, format, { video, folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * After a render, before its video is completed: stores the transparent WebM it made, and makes
 * and stores the WebM and GIF chosen at Generate from the MP4 still in the render's folder.
 */
export async function makeRenderExports(
  deps: MakeDeps,
  videoId: string,
  formats: readonly ExportFormat[],
  files: { video: string; transparent: string | undefined; folder: string; signal: AbortSignal },
): Promise<void> {
  for (const format of formats) {
    if (isLater(format)) await makeAndStore(deps, videoId, format, files);
    else if (files.transparent) await storeExport(deps, videoId, format, files.transparent);
    else await markExportsFailed(deps.db, videoId, 'The render made no transparent video.', format);
  }
}

/** Makes one export from the MP4 and stores it; a failure marks its row failed (logged). */
async function makeAndStore(
  deps: MakeDeps,
  videoId: string,
  format: LaterFormat,
  { video, folder, signal }: { video: string; folder: string; signal?: AbortSignal },
): Promise<void> {
  const output = path.join(folder, `export.${EXPORT_FORMAT_INFO[format].extension}`);
  try {
    const { path: ffmpegPath } = await resolveFfmpeg({ ffmpegPath: deps.config.ffmpegPath });
    const params = { ffmpegPath, input: video, output, ...(signal && { signal }) };
    if (format === 'gif')
      await makeGif({ ...params, tempPalette: path.join(folder, 'palette.png') });
    else await makeWebm(params);
  } catch (err) {
    deps.log.warn({ err, videoId, format }, 'export not made');
    await markExportsFailed(
      deps.db,
      videoId,
      `The ${EXPORT_FORMAT_INFO[format].label} could not be made.`,
      format,
    );
    return;
  }
  await storeExport(deps, videoId, format, output);
}

async function storeExport(
  { db, storage }: Pick<ExportDeps, 'db' | 'storage'>,
  videoId: string,
  format: ExportFormat,
  file: string,
): Promise<void> {
  const key = videoExportKey(videoId, format);
  await storage.upload(key, file, EXPORT_FORMAT_INFO[format].mimeType);
  await markExportCompleted(db, videoId, format, {
    storageKey: key,
    bytes: (await stat(file)).size,
  });
}

/**
 * How much longer a render with these exports may take: the transparent WebM's VP9 with alpha
 * encodes a few frames a second at 1080p with the bundled ffmpeg (`docs/performance.md`), the
 * render waits for it; a WebM and a GIF from the MP4 take a fraction of the render.
 */
export const exportsAllowanceFactor = (formats: readonly ExportFormat[] = []): number =>
  formats.includes('webm-alpha') ? 4 : formats.length > 0 ? 2 : 1;

/** Every export file a video may have: deleted with it (a key never made is no matter). */
export const deleteExportFiles = (storage: Storage, videoId: string) =>
  Promise.all(
    Object.keys(EXPORT_FORMAT_INFO).map((format) =>
      storage.delete(videoExportKey(videoId, format as ExportFormat)),
    ),
  );
