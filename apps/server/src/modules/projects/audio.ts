import { STORED_AUDIO, type AudioTrack, type ProjectAudioFile } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { requireOwned } from '../../db/ownership.js';
import { AppError } from '../../errors.js';
import { recordHit, type RateLimit } from '../../limits/rate-limiter.js';
import { newProjectAudioKey } from '../../storage/keys.js';
import type { CheckedAudio } from '../audio/audio-file.js';
import { requireUserById } from '../auth/users.js';
import { requireWithinQuota } from '../quota/service.js';
import {
  deleteProjectAudioRow,
  findProjectAudio,
  upsertProjectAudio,
  type ProjectAudioRow,
} from './queries.js';
import {
  checkCanAddProjectFile,
  findOwnProject,
  toAudioFile,
  type ProjectDeps,
} from './service.js';

/**
 * Audio files one person may store in an hour, across their projects: each is read whole by ffmpeg
 * (a few seconds of a core for a long one), and recording a take again replaces the last.
 */
export const AUDIO_UPLOADS: RateLimit = {
  max: 60,
  windowMs: 60 * 60 * 1000,
  message: 'Too many audio uploads in an hour. Please try again later.',
};
export const audioUploadsKey = (userId: string) => `project:audio:${userId}`;

const audioNotFound = () =>
  new AppError(404, 'This project has no audio on that track.', 'NOT_FOUND');

/** What is checked before an audio file is read (`checkCanAddProjectFile`). */
export const checkCanUploadAudio = (db: Db, userId: string, projectId: string) =>
  checkCanAddProjectFile(db, userId, projectId, {
    key: audioUploadsKey(userId),
    limit: AUDIO_UPLOADS,
  });

/**
 * Keeps a checked audio file as the project's track, replacing the file it had. The file is stored
 * first under a key of its own, outside the transaction (an upload to a bucket can take a while,
 * and the embedded database has one connection); the row, the quota check (the new file counted,
 * the old one no longer) and the hour's count are then one transaction. When that fails (a file
 * that would not fit is a 409) the new file is deleted and the old track is untouched; once it is
 * committed the old file is deleted.
 */
export async function storeProjectAudio(
  { db, storage }: ProjectDeps,
  input: { userId: string; projectId: string; track: AudioTrack; audio: CheckedAudio },
): Promise<ProjectAudioFile> {
  const { userId, projectId, track, audio } = input;
  const storageKey = newProjectAudioKey(projectId, track);
  let stored: { row: ProjectAudioRow; replacedKey: string | undefined };
  try {
    await storage.upload(storageKey, audio.file, STORED_AUDIO.contentType);
    stored = await db.transaction(async (tx) => {
      // The user's row is locked for the quota: two uploads at once see each other, and the track's
      // previous key read here is the one the upsert replaces.
      await requireUserById(tx, userId, { lock: true });
      await requireOwned(tx, 'project', userId, projectId);
      const previous = await findProjectAudio(tx, projectId, track);
      const row = await upsertProjectAudio(tx, {
        projectId,
        track,
        storageKey,
        fileName: audio.fileName.slice(0, 255),
        bytes: audio.bytes,
        durationSeconds: audio.durationSeconds,
      });
      await requireWithinQuota(tx, userId);
      await recordHit(tx, audioUploadsKey(userId));
      return { row, replacedKey: previous?.storageKey };
    });
  } catch (err) {
    await storage.delete(storageKey);
    throw err;
  }
  // A failure here leaves a file no row names, which the hourly clean-up removes.
  if (stored.replacedKey) await storage.delete(stored.replacedKey);
  return toAudioFile(stored.row);
}

/** A track's stored file of the user's project, to send. */
export async function projectAudioFile(db: Db, userId: string, id: string, track: AudioTrack) {
  await findOwnProject(db, userId, id);
  const row = await findProjectAudio(db, id, track);
  if (!row) throw audioNotFound();
  return { key: row.storageKey, contentType: STORED_AUDIO.contentType };
}

/**
 * Deletes a track's file. The row goes first: a file a failure left behind belongs to no track,
 * and the hourly clean-up removes it.
 */
export async function removeProjectAudio(
  { db, storage }: ProjectDeps,
  input: { userId: string; projectId: string; track: AudioTrack },
): Promise<void> {
  await findOwnProject(db, input.userId, input.projectId);
  const storageKey = await deleteProjectAudioRow(db, input.projectId, input.track);
  if (!storageKey) throw audioNotFound();
  await storage.delete(storageKey);
}
