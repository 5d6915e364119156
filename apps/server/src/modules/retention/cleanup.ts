import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import { UPLOAD_TEMP_PREFIX } from '../../http/upload.js';
import { RENDER_TEMP_PREFIX } from '../../render/runner.js';
import type { Storage } from '../../storage/storage.js';
import { STORAGE_FOLDERS } from '../../storage/keys.js';
import {
  deleteIdleProjects,
  deleteOrphanProjectFiles,
  deleteUnnamedSceneImages,
} from '../projects/retention.js';
import { deleteUploadFiles } from '../videos/upload-files.js';
import { expiredUploads, isUploadKeyKnown } from './queries.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long uploads and temporary files may stay. The render worker deletes an upload once its video
 * is made or has failed; the clean-up removes what that missed (a crash between the two, a failed
 * delete). With the hourly run (`JOBS.fileRetention`), nothing outlives 23 hours: the privacy policy promises 24.
 */
export const RETENTION_LIMITS = {
  /** An upload no render is waiting for, or a file without a row (a crash mid-upload). */
  leftoverUploadMs: HOUR_MS,
  /** Any upload, even one whose render still waits (that video then fails and is refunded). */
  maxUploadMs: 22 * HOUR_MS,
  /**
   * A render's or an upload's temporary folder left by a killed process (renders last minutes at
   * most, uploads less).
   */
  renderTempMs: 2 * HOUR_MS,
};

export interface RetentionDeps {
  db: Db;
  storage: Storage;
  /** Where renders and uploads make their temporary folders (the OS temp dir). */
  tempDir?: string;
}

export interface RetentionReport {
  uploads: number;
  /** Upload and project files that no row points at. */
  orphanFiles: number;
  tempFolders: number;
  /** Projects left unchanged for `PROJECT_LIMITS.keptDays`, deleted with their files. */
  idleProjects: number;
  /** Project scene images no scene of their project's saved state named for a day. */
  unnamedSceneImages: number;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * Deletes uploads and temporary files past their limits, and projects idle past theirs; videos stay
 * until their owner deletes them. Project files are not uploads: only their own limit applies.
 */
export async function deleteExpiredFiles(
  deps: RetentionDeps,
  now = new Date(),
): Promise<RetentionReport> {
  const leftoverBefore = ago(now, RETENTION_LIMITS.leftoverUploadMs);
  return {
    uploads: await deleteExpiredUploads(deps, now),
    orphanFiles:
      (await deleteOrphanUploadFiles(deps, now)) +
      (await deleteOrphanProjectFiles(deps, leftoverBefore)),
    tempFolders: await deleteOldTempFolders(deps.tempDir ?? tmpdir(), now),
    idleProjects: await deleteIdleProjects(deps, now),
    unnamedSceneImages: await deleteUnnamedSceneImages(deps, now),
  };
}

async function deleteExpiredUploads({ db, storage }: RetentionDeps, now: Date): Promise<number> {
  const expired = await expiredUploads(db, {
    anyBefore: ago(now, RETENTION_LIMITS.maxUploadMs),
    unusedBefore: ago(now, RETENTION_LIMITS.leftoverUploadMs),
  });
  for (const upload of expired) await deleteUploadFiles({ db, storage }, upload);
  return expired.length;
}

/** Files in the uploads folder that no image, upload audio or scene picture row points at. */
async function deleteOrphanUploadFiles({ db, storage }: RetentionDeps, now: Date) {
  const old = await storage.keysOlderThan(
    STORAGE_FOLDERS.images,
    ago(now, RETENTION_LIMITS.leftoverUploadMs),
  );
  let deleted = 0;
  for (const key of old) {
    if (await isUploadKeyKnown(db, key)) continue;
    await storage.delete(key);
    deleted += 1;
  }
  return deleted;
}

async function deleteOldTempFolders(tempDir: string, now: Date): Promise<number> {
  const before = ago(now, RETENTION_LIMITS.renderTempMs);
  let deleted = 0;
  for (const name of await readdir(tempDir)) {
    if (![RENDER_TEMP_PREFIX, UPLOAD_TEMP_PREFIX].some((prefix) => name.startsWith(prefix))) {
      continue;
    }
    const folder = path.join(tempDir, name);
    const stats = await stat(folder).catch(() => undefined);
    if (!stats?.isDirectory() || stats.mtime >= before) continue;
    await rm(folder, { recursive: true, force: true });
    deleted += 1;
  }
  return deleted;
}
