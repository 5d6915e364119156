import { STORED_AUDIO, type AudioTrack, type ProjectAudioFile } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RateLimit } from '../../limits/rate-limiter.js';
import { newProjectAudioKey } from '../../storage/keys.js';
import type { CheckedAudio } from '../audio/audio-file.js';
import { deleteProjectAudioRow, findProjectAudio, upsertProjectAudio } from './queries.js';
import {
  checkCanAddProjectFile,
  findOwnProject,
  storeProjectFile,
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
 * Keeps a checked audio file as the project's track, replacing the file it had
 * (`storeProjectFile`): when it cannot be kept the old track is untouched; once it is, the old
 * file is deleted.
 */
export async function storeProjectAudio(
  deps: ProjectDeps,
  input: { userId: string; projectId: string; track: AudioTrack; audio: CheckedAudio },
): Promise<ProjectAudioFile> {
  const { userId, projectId, track, audio } = input;
  const storageKey = newProjectAudioKey(projectId, track);
  const stored = await storeProjectFile(
    deps,
    {
      userId,
      projectId,
      storageKey,
      uploadsKey: audioUploadsKey(userId),
      store: () => deps.storage.upload(storageKey, audio.file, STORED_AUDIO.contentType),
    },
    async (tx) => {
      // Read under the user's lock: the previous key is the one the upsert replaces.
      const previous = await findProjectAudio(tx, projectId, track);
      const row = await upsertProjectAudio(tx, {
        projectId,
        track,
        storageKey,
        fileName: audio.fileName.slice(0, 255),
        bytes: audio.bytes,
        durationSeconds: audio.durationSeconds,
      });
      return { row, replacedKey: previous?.storageKey };
    },
  );
  // A failure here leaves a file no row names, which the hourly clean-up removes.
  if (stored.replacedKey) await deps.storage.delete(stored.replacedKey);
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
