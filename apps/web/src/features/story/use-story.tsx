import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import type { ProjectScenePicture, ProjectState, SceneTransition } from '@/lib/contract';
import type { VideoSettings } from '@/features/workspace/settings/use-video-settings';
import {
  activeScene,
  isStory,
  newScene,
  storyOf,
  storyReducer,
  type SceneChange,
  type StoryAction,
} from './story-state';
import { ToastUndoAction } from './toast-undo-action';

/**
 * The open project's story: its scenes and the one open in the editor. The settings card shows the
 * open scene's own drawing time, fill and direction: they are put back as another scene opens, and
 * each change of them is that scene's. A deleted scene can be put back from its toast.
 */
export function useStory(
  restored: ProjectState | null,
  settings: Pick<VideoSettings, 'drawingTime' | 'grayscaleLevel' | 'direction' | 'restoreScene'>,
) {
  const [story, setStory] = useState(() => storyOf(restored, crypto.randomUUID()));
  const act = useCallback(
    (action: StoryAction) => setStory((current) => storyReducer(current, action)),
    [],
  );
  const change = useCallback(
    (id: string, sceneChange: SceneChange) => act({ type: 'change', id, change: sceneChange }),
    [act],
  );
  const active = activeScene(story);

  const { drawingTime, grayscaleLevel, direction, restoreScene } = settings;
  // A saved story opens with its first scene's settings; a picture just chosen takes the card's.
  const shownId = useRef<string | null>(restored?.scenes ? null : active.id);
  useEffect(() => {
    if (shownId.current !== active.id) {
      shownId.current = active.id;
      restoreScene(active);
      return;
    }
    change(active.id, { grayscaleLevel, direction, ...(drawingTime !== null && { drawingTime }) });
  }, [active, drawingTime, grayscaleLevel, direction, restoreScene, change]);

  return {
    story,
    active,
    told: isStory(story),
    change,
    select: (id: string) => act({ type: 'select', id }),
    add: (picture: ProjectScenePicture) =>
      act({ type: 'add', scene: newScene(crypto.randomUUID(), picture) }),
    duplicate: (id: string) => act({ type: 'duplicate', id, newId: crypto.randomUUID() }),
    move: (id: string, to: number) => act({ type: 'move', id, to }),
    transition: (id: string, transition: SceneTransition) => change(id, { transition }),
    remove: (id: string) => {
      const index = story.scenes.findIndex((scene) => scene.id === id);
      const scene = story.scenes[index];
      if (!scene || story.scenes.length <= 1) return;
      act({ type: 'remove', id });
      const shown = toast({
        title: 'Scene Deleted',
        description: `Scene ${index + 1} was removed from the story.`,
        action: (
          <ToastUndoAction
            onUndo={() => {
              act({ type: 'restore', scene, index });
              shown.dismiss();
            }}
          />
        ),
      });
    },
  };
}
