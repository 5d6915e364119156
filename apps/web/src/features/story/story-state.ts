import {
  projectSceneSchema,
  STORY_LIMITS,
  textBlockSchema,
  type ProjectScene,
  type ProjectState,
  type TextBlock,
} from '@/lib/contract';
import { NO_EDITS } from '@/features/stroke-editor/edit-history';
import { zonesOf } from '@/features/workspace/projects/project-state';
import type { Zone } from '@/features/workspace/zones/zone';

/** A scene as the workspace keeps it: the project's scene, its zones with their colours. */
export type Scene = Omit<ProjectScene, 'zones'> & { zones: readonly Zone[] };

/** What the person changes in a scene (its id and picture stay). */
export type SceneChange = Partial<Omit<Scene, 'id' | 'picture'>>;

/**
 * The project's scenes in order, and the one open in the editor. `keepsScenes`: the project was
 * saved with its scenes (a second scene was added once), so it stays a story at one scene.
 */
export interface Story {
  scenes: readonly Scene[];
  activeId: string;
  keepsScenes: boolean;
}

export type StoryAction =
  | { type: 'add'; scene: Scene }
  | { type: 'duplicate'; id: string; newId: string }
  | { type: 'move'; id: string; to: number }
  | { type: 'remove'; id: string }
  | { type: 'restore'; scene: Scene; index: number }
  | { type: 'select'; id: string }
  | { type: 'change'; id: string; change: SceneChange };

/** A new scene of `picture` with the contract's defaults (and no stroke edits, as the editor has). */
export function newScene(id: string, picture: Scene['picture']): Scene {
  return { ...projectSceneSchema.parse({ id, picture }), zones: [], edits: NO_EDITS };
}

/**
 * The story a project opens with: its saved scenes, or its one picture as the only scene (a
 * project saved before stories, or never given a second scene), made from the state's own fields.
 */
export function storyOf(state: ProjectState | null, firstId: string): Story {
  if (state?.scenes) {
    const scenes = state.scenes.map((scene) => ({
      ...scene,
      zones: zonesOf(scene),
      edits: scene.edits ?? NO_EDITS,
    }));
    return { scenes, activeId: scenes[0]?.id ?? firstId, keepsScenes: true };
  }
  const only = newScene(firstId, 'project');
  const scene: Scene = state
    ? {
        ...only,
        zones: zonesOf(state),
        inverted: state.inverted,
        edits: state.edits ?? NO_EDITS,
        direction: state.settings.direction,
        grayscaleLevel: state.settings.grayscaleLevel,
        drawingTime: state.settings.drawingTime,
      }
    : only;
  return { scenes: [scene], activeId: firstId, keepsScenes: false };
}

/**
 * Whether the project is a story (its state keeps `scenes`, Generate sends them): more than one
 * scene, saved as a story, or one scene carrying what a one-picture project cannot say (text, a
 * hold of its own). Otherwise it is exactly a one-picture project.
 */
export function isStory({ scenes, keepsScenes }: Story): boolean {
  const [only] = scenes;
  return (
    keepsScenes ||
    scenes.length > 1 ||
    (only !== undefined &&
      (only.texts.length > 0 || only.holdSeconds !== STORY_LIMITS.holdSeconds.default))
  );
}

/**
 * The text blocks that are saved and sent: those the contract takes (a block still empty, or with
 * a character the hand cannot write, stays in the Text card, which says why, until it is fixed).
 */
export const finishedTexts = (texts: readonly TextBlock[]): TextBlock[] =>
  texts.filter((block) => textBlockSchema.safeParse(block).success);

/** The story's first picture (a blank board is none): the frame's proportions for "original". */
export function firstPicture(
  scenes: readonly Scene[],
): Exclude<Scene['picture'], 'blank'> | undefined {
  for (const { picture } of scenes) if (picture !== 'blank') return picture;
  return undefined;
}

export const activeScene = (story: Story): Scene =>
  story.scenes.find((scene) => scene.id === story.activeId) ?? (story.scenes[0] as Scene);

const indexOf = (story: Story, id: string) => story.scenes.findIndex((scene) => scene.id === id);

function inserted(scenes: readonly Scene[], index: number, scene: Scene): Scene[] {
  return [...scenes.slice(0, index), scene, ...scenes.slice(index)];
}

/** Whether every field of `change` is already the scene's. */
const changesNothing = (scene: Scene, change: SceneChange) =>
  Object.entries(change).every(([key, value]) => scene[key as keyof Scene] === value);

/**
 * The story's changes: a scene added last or duplicated after itself (and opened), moved to a
 * place, removed (the one after it opened, or the one before when it was last) and put back where
 * it was, opened, or changed. A story keeps 1 to `STORY_LIMITS.maxScenes` scenes.
 */
export function storyReducer(story: Story, action: StoryAction): Story {
  const full = story.scenes.length >= STORY_LIMITS.maxScenes;
  switch (action.type) {
    case 'add':
      if (full) return story;
      return {
        scenes: [...story.scenes, action.scene],
        activeId: action.scene.id,
        keepsScenes: true,
      };
    case 'duplicate': {
      const index = indexOf(story, action.id);
      const original = story.scenes[index];
      if (full || !original) return story;
      const copy = { ...original, id: action.newId };
      return {
        scenes: inserted(story.scenes, index + 1, copy),
        activeId: copy.id,
        keepsScenes: true,
      };
    }
    case 'move': {
      const from = indexOf(story, action.id);
      const to = Math.max(0, Math.min(story.scenes.length - 1, action.to));
      const moving = story.scenes[from];
      if (!moving || from === to) return story;
      const without = story.scenes.filter((scene) => scene.id !== action.id);
      return { ...story, scenes: inserted(without, to, moving) };
    }
    case 'remove': {
      const index = indexOf(story, action.id);
      if (index < 0 || story.scenes.length <= 1) return story;
      const scenes = story.scenes.filter((scene) => scene.id !== action.id);
      const nextOpen = scenes[Math.min(index, scenes.length - 1)] as Scene;
      const activeId = story.activeId === action.id ? nextOpen.id : story.activeId;
      return { ...story, scenes, activeId };
    }
    case 'restore':
      if (full || indexOf(story, action.scene.id) >= 0) return story;
      return {
        ...story,
        scenes: inserted(story.scenes, action.index, action.scene),
        activeId: action.scene.id,
      };
    case 'select':
      return indexOf(story, action.id) < 0 ? story : { ...story, activeId: action.id };
    case 'change': {
      const index = indexOf(story, action.id);
      const scene = story.scenes[index];
      if (!scene || changesNothing(scene, action.change)) return story;
      const scenes = [...story.scenes];
      scenes[index] = { ...scene, ...action.change };
      return { ...story, scenes };
    }
  }
}
