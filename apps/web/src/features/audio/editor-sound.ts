import { useMemo } from 'react';
import type { SceneStory } from '@/features/story/scene-story';
import type { ProjectSound } from './use-project-audio';

/**
 * The project's sound in the stroke editor of one scene: its tracks, and where that scene is in
 * the video, so the preview plays the sound the video has under that scene.
 */
export interface EditorSound {
  tracks: ProjectSound;
  /** Where the scene starts in the video: its preview's second 0 is the video's this second. */
  startSeconds: number;
  /** How long the preview plays with sound: the scene (one picture: the whole video). */
  playSeconds: number;
  /** The whole video's length: the music ends with it. */
  videoSeconds: number;
}

/**
 * The sound the stroke editor plays and shows; null while no track is loaded. The lengths are the
 * engine's story timeline's (the drawing, the colouring, the hold, held on to the voice-over's end).
 */
export function useEditorSound(
  tracks: ProjectSound,
  { start, scene, story }: SceneStory['seconds'],
): EditorSound | null {
  return useMemo(
    () =>
      tracks.voice || tracks.music
        ? { tracks, startSeconds: start, playSeconds: scene, videoSeconds: story }
        : null,
    [tracks, start, scene, story],
  );
}
