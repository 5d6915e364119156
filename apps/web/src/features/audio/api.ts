import { apiCall, apiUpload } from '@/lib/api-client';
import { ApiError } from '@/lib/http';
import { api, type AudioTrack } from '@/lib/contract';

/** Sends a track's file (the field `audio`): the server checks it, keeps it as AAC, and answers it. */
export function uploadProjectAudio(
  id: string,
  track: AudioTrack,
  file: File,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('audio', file, file.name);
  return apiUpload(api.uploadProjectAudio, form, signal, { id, track });
}

export const deleteProjectAudio = (id: string, track: AudioTrack) =>
  apiCall(api.deleteProjectAudio, { params: { id, track } });

/**
 * A kept track's file (`ProjectAudioFile.url`), to show, play and send with Generate. Asked of the
 * server each time: a track taken again keeps its URL, and the browser may hold the last take.
 */
export async function fetchAudio(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(url, { credentials: 'include', cache: 'no-cache', signal });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return res.blob();
}
