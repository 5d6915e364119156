import { videoSeconds } from '@rasma/engine/outline';
import { useMemo } from 'react';
import { isColourModel } from '@/features/videos/model-labels';
import { DRAWING_TIME, type AiModel } from '@/lib/contract';
import type { ProjectSound } from './use-project-audio';

/** The project's sound in the stroke editor: its tracks, and the video's length with them. */
export interface EditorSound {
  tracks: ProjectSound;
  videoSeconds: number;
}

/**
 * The sound the stroke editor plays and shows; null while no track is loaded. The video's length
 * is the engine's (the drawing, the colouring, the hold, held on to the voice-over's end), for the
 * drawing time the strokes are planned with.
 */
export function useEditorSound(
  tracks: ProjectSound,
  { drawingTime, aiModel }: { drawingTime: number | null; aiModel: AiModel },
  voiceSeconds: number | null,
): EditorSound | null {
  const colour = isColourModel(aiModel);
  return useMemo(
    () =>
      tracks.voice || tracks.music
        ? {
            tracks,
            videoSeconds: videoSeconds(
              drawingTime ?? DRAWING_TIME.default,
              colour,
              voiceSeconds ?? 0,
            ),
          }
        : null,
    [tracks, drawingTime, colour, voiceSeconds],
  );
}
