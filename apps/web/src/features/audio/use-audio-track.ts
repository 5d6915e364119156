import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { workspaceKeys } from '@/features/workspace/api';
import { serverMessage } from '@/lib/http';
import { AUDIO_MESSAGES, type AudioTrack, type ProjectAudioFile } from '@/lib/contract';
import { deleteProjectAudio, fetchAudio, uploadProjectAudio } from './api';
import { audioFileRefusal, audioLengthRefusal } from './audio-file-check';
import { decodeAudio } from './decode-audio';

/** A kept file as the page has it: to send, to play (`url`, an object URL) and to show. */
export interface LoadedAudio {
  /** The kept file this is. */
  file: ProjectAudioFile;
  blob: Blob;
  url: string;
  peaks: Float32Array;
}

/** What a track is busy with, to say so and to hold its buttons. */
export type TrackWork = 'checking' | 'uploading' | 'removing';

const LOAD_FAILED = 'This track could not be loaded. Please reload the page.';
const REMOVE_FAILED = 'The track could not be removed. Please try again.';
const UPLOAD_FAILED = 'The file could not be sent. Please try again.';

/**
 * One track of the open project: its kept file (as the server answered it), loaded to show and
 * play, and the ways to replace or remove it. A file is checked here before it is sent (its type,
 * size and decoded length; the server checks its bytes again and its refusal is shown).
 */
export function useAudioTrack({
  track,
  projectId,
  saved,
  onReplaced,
}: {
  track: AudioTrack;
  /** Null until the project is saved: a track belongs to a project. */
  projectId: string | null;
  /** The file the project kept, when it was opened. */
  saved: ProjectAudioFile | undefined;
  /** A new file is kept: its old trim no longer applies. */
  onReplaced: () => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState(saved);
  const [loaded, setLoaded] = useState<LoadedAudio | null>(null);
  const [work, setWork] = useState<TrackWork | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    const request = new AbortController();
    fetchAudio(file.url, request.signal)
      .then(async (blob) => {
        const { peaks } = await decodeAudio(blob);
        if (!request.signal.aborted) {
          setLoaded({ file, blob, url: URL.createObjectURL(blob), peaks });
        }
      })
      .catch(() => {
        if (!request.signal.aborted) setError(LOAD_FAILED);
      });
    return () => request.abort();
  }, [file]);

  useEffect(() => {
    if (!loaded) return;
    return () => URL.revokeObjectURL(loaded.url);
  }, [loaded]);

  const refreshStorage = () =>
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.storageUsage });

  const current = loaded?.file === file ? loaded : null;
  return {
    track,
    file,
    /** The kept file, once fetched and decoded. */
    loaded: current,
    /** The kept file is being fetched and decoded. */
    loading: file !== undefined && current === null && error === null,
    work,
    error,
    /** Checks a chosen or recorded file and, when it may be a track, sends it to replace this one. */
    choose: async (chosen: File) => {
      if (!projectId || work) return;
      setError(null);
      const refusal = audioFileRefusal(chosen);
      if (refusal) return setError(refusal);
      setWork('checking');
      // A file the browser cannot decode may still be audio the server reads: it decides.
      const decoded = await decodeAudio(chosen).catch(() => null);
      const tooLongOrShort = decoded && audioLengthRefusal(decoded.seconds);
      if (tooLongOrShort) {
        setWork(null);
        return setError(tooLongOrShort);
      }
      setWork('uploading');
      try {
        setFile(await uploadProjectAudio(projectId, track, chosen));
        onReplaced();
        refreshStorage();
      } catch (failure) {
        setError(serverMessage(failure, decoded ? UPLOAD_FAILED : AUDIO_MESSAGES.notAudio));
      } finally {
        setWork(null);
      }
    },
    remove: async () => {
      if (!projectId || work) return false;
      setError(null);
      setWork('removing');
      try {
        await deleteProjectAudio(projectId, track);
        setFile(undefined);
        refreshStorage();
        return true;
      } catch (failure) {
        setError(serverMessage(failure, REMOVE_FAILED));
        return false;
      } finally {
        setWork(null);
      }
    },
  };
}

export type AudioTrackState = ReturnType<typeof useAudioTrack>;
