import { AUDIO_TRACKS, type AudioTrack } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import type { ReceivedFile } from '../../http/upload.js';
import type { Storage } from '../../storage/storage.js';
import type { AudioChecker, CheckedAudio } from '../audio/audio-file.js';
import { deleteUploadAudioRows, uploadAudioOf } from './queries.js';

/** The voice-over and music sent with a create call, by track. */
export type UploadAudio<T> = Partial<Record<AudioTrack, T>>;

/** Each track sent, checked as a project's audio upload is (one after the other). */
export async function checkUploadAudio(
  checker: AudioChecker,
  files: UploadAudio<ReceivedFile>,
): Promise<UploadAudio<CheckedAudio>> {
  const checked: UploadAudio<CheckedAudio> = {};
  for (const track of AUDIO_TRACKS) {
    const file = files[track];
    if (file) checked[track] = await checker.check(file);
  }
  return checked;
}

/**
 * Deletes the audio files of an upload, with the upload (its video made or failed, or the upload
 * expired). The rows go first: a file a failure left behind belongs to no row, and the hourly
 * clean-up removes it.
 */
export async function deleteUploadAudio(
  { db, storage }: { db: Db; storage: Storage },
  imageId: string,
): Promise<void> {
  const files = await uploadAudioOf(db, imageId);
  if (files.length === 0) return;
  await deleteUploadAudioRows(db, imageId);
  await Promise.all(files.map((file) => storage.delete(file.storageKey)));
}
