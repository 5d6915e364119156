import { useMemo } from 'react';
import type { AudioSettings, ProjectStateInput } from '@/lib/contract';
import { useProjectState, type ProjectWork } from '@/features/workspace/projects/project-state';
import type { Zone } from '@/features/workspace/zones/zone';
import { finishedTexts, isStory, type Story } from './story-state';

const NO_ZONES: readonly Zone[] = [];

/**
 * The project's state to save: a one-picture project's exactly as before stories (its scene's
 * work, the settings as the card shows them); a story's with its scenes, the fields of a
 * one-picture project then telling its first scene (what an older page would open).
 */
export function useStoryProjectState(
  story: Story,
  settings: ProjectWork['settings'],
  audio: AudioSettings | undefined,
): ProjectStateInput {
  const told = isStory(story);
  const first = story.scenes[0];
  if (!first) throw new Error('a story has at least one scene');
  const ownPicture = first.picture === 'project';
  const top = useProjectState({
    zones: ownPicture ? first.zones : NO_ZONES,
    settings: told
      ? {
          ...settings,
          direction: first.direction,
          grayscaleLevel: first.grayscaleLevel,
          drawingTime: first.drawingTime,
        }
      : settings,
    inverted: ownPicture && first.inverted,
    edits: ownPicture ? first.edits : undefined,
    audio,
  });
  const scenes = told ? story.scenes : null;
  return useMemo(
    () =>
      scenes
        ? {
            ...top,
            scenes: scenes.map((scene) => ({
              ...scene,
              zones: [...scene.zones],
              texts: finishedTexts(scene.texts),
            })),
          }
        : top,
    [top, scenes],
  );
}
