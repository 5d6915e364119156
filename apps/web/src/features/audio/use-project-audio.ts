import { useCallback, useMemo, useState } from 'react';
import {
  clipSeconds,
  musicClipSchema,
  STORED_AUDIO,
  voiceClipSchema,
  type AudioSettings,
  type MusicClip,
  type ProjectAudioFiles,
  type VoiceClip,
} from '@/lib/contract';
import type { AudioFiles } from '@/features/workspace/generate/video-form';
import { fetchAudio } from './api';
import { useAudioTrack, type LoadedAudio } from './use-audio-track';

/** A track with its file loaded, and how it is set. */
export interface SetTrack<Clip> {
  loaded: LoadedAudio;
  clip: Clip;
}

/** The project's sound as it plays: each track that has a file, loaded, with its settings. */
export interface ProjectSound {
  voice?: SetTrack<VoiceClip>;
  music?: SetTrack<MusicClip>;
}

/**
 * The open project's voice-over and music: their files (kept on the server) and their settings
 * (trim, loudness, loop, fades: saved with the project's state). A new file starts untrimmed.
 */
export function useProjectAudio({
  projectId,
  saved,
  files,
}: {
  projectId: string | null;
  /** The settings the project was saved with. */
  saved: AudioSettings | undefined;
  files: ProjectAudioFiles | undefined;
}) {
  const [voiceClip, setVoiceClip] = useState<VoiceClip>(
    () => saved?.voice ?? voiceClipSchema.parse({}),
  );
  const [musicClip, setMusicClip] = useState<MusicClip>(
    () => saved?.music ?? musicClipSchema.parse({}),
  );
  const untrimVoice = useCallback(
    () => setVoiceClip((c) => ({ ...c, trimStart: 0, trimEnd: undefined })),
    [],
  );
  const untrimMusic = useCallback(
    () => setMusicClip((c) => ({ ...c, trimStart: 0, trimEnd: undefined })),
    [],
  );
  const voice = useAudioTrack({
    track: 'voice',
    projectId,
    saved: files?.voice,
    onReplaced: untrimVoice,
  });
  const music = useAudioTrack({
    track: 'music',
    projectId,
    saved: files?.music,
    onReplaced: untrimMusic,
  });

  // Saved once a track was used: a project without sound keeps the state it had.
  const touched = saved !== undefined || voice.file !== undefined || music.file !== undefined;
  const settings = useMemo<AudioSettings | undefined>(
    () => (touched ? { voice: voiceClip, music: musicClip } : undefined),
    [touched, voiceClip, musicClip],
  );

  const sound = useMemo<ProjectSound>(
    () => ({
      ...(voice.loaded && { voice: { loaded: voice.loaded, clip: voiceClip } }),
      ...(music.loaded && { music: { loaded: music.loaded, clip: musicClip } }),
    }),
    [voice.loaded, voiceClip, music.loaded, musicClip],
  );

  return {
    projectId,
    voice,
    music,
    voiceClip,
    setVoiceClip,
    musicClip,
    setMusicClip,
    /** What the project's state saves. */
    settings,
    /** The loaded tracks with their settings, to play. */
    sound,
    /** A file is being checked or sent: Generate waits for it. */
    busy: voice.work !== null || music.work !== null,
    /** The seconds the voice-over plays (trimmed); null without one. */
    voiceSeconds: voice.file ? clipSeconds(voiceClip, voice.file.durationSeconds) : null,
    /** The settings of the tracks that have a file (the create call's `blobData.audio`). */
    blobAudio: (): AudioSettings | undefined =>
      voice.file || music.file
        ? {
            ...(voice.file && { voice: voiceClip }),
            ...(music.file && { music: musicClip }),
          }
        : undefined,
    /** The tracks' kept files, for Generate (fetched when not loaded yet). */
    files: async (): Promise<AudioFiles> => {
      const entries = await Promise.all(
        [voice, music].map(async (track) => {
          if (!track.file) return [];
          const blob = track.loaded?.blob ?? (await fetchAudio(track.file.url));
          const name = `${track.track}.${STORED_AUDIO.extension}`;
          return [[track.track, new File([blob], name, { type: STORED_AUDIO.contentType })]];
        }),
      );
      return Object.fromEntries(entries.flat()) as AudioFiles;
    },
  };
}

export type ProjectAudio = ReturnType<typeof useProjectAudio>;
