import { AUDIO_TRACKS, type AudioTrack } from '@rasma/contract';
import type { ReceivedFile } from '../../http/upload.js';
import type { AudioChecker, CheckedAudio } from '../audio/audio-file.js';

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
