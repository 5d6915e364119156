import { describe, expect, it } from 'vitest';
import { projectStateSchema, STORY_LIMITS, type ProjectState } from '@/lib/contract';
import {
  activeScene,
  finishedTexts,
  firstPicture,
  isStory,
  newScene,
  storyOf,
  storyReducer,
  type Scene,
  type Story,
} from './story-state';

const KEPT_IMAGE = { imageId: '3f2b8c1e-5d4a-4b6c-9e8f-7a6b5c4d3e2f' };

/** A project saved before stories: its one picture, with a zone, edits and settings. */
const ONE_PICTURE: ProjectState = projectStateSchema.parse({
  zones: [
    {
      id: 'z1',
      colour: '#059669',
      points: [{ x: 5, y: 5 }],
      brushSize: 20,
      direction: 'Top to bottom',
      fillLevel: 70,
    },
  ],
  settings: { direction: 'Right to left', grayscaleLevel: 191, drawingTime: 8 },
  inverted: true,
  edits: { order: ['1.0', '0.3'] },
});

/** A text block but its text. */
const BLOCK = {
  id: 't',
  style: 'print',
  x: 0.5,
  y: 0.5,
  size: 0.1,
  rotation: 0,
  at: 'after',
} as const;

/** A story of `ids`, the first one open. */
function storyOfScenes(...ids: string[]): Story {
  const scenes = ids.map((id, index) => newScene(id, index === 0 ? 'project' : 'blank'));
  return { scenes, activeId: ids[0] ?? '', keepsScenes: true };
}
const ids = (story: Story) => story.scenes.map((scene) => scene.id);

describe("a project's story", () => {
  it('opens a project saved before stories as its one scene, with its work and settings', () => {
    const story = storyOf(ONE_PICTURE, 'first');
    expect(story.scenes).toHaveLength(1);
    const [scene] = story.scenes as [Scene];
    expect(scene).toMatchObject({
      id: 'first',
      picture: 'project',
      zones: [{ id: 'z1', colour: '#059669' }],
      inverted: true,
      edits: { order: ['1.0', '0.3'] },
      direction: 'Right to left',
      grayscaleLevel: 191,
      drawingTime: 8,
      holdSeconds: STORY_LIMITS.holdSeconds.default,
      texts: [],
    });
    expect(isStory(story)).toBe(false);
  });

  it('opens a saved story with every scene, the first one open, and stays a story', () => {
    const saved = projectStateSchema.parse({
      ...ONE_PICTURE,
      scenes: [
        { id: 'a', picture: 'project', drawingTime: 5, zones: ONE_PICTURE.zones },
        { id: 'b', picture: KEPT_IMAGE, transition: { kind: 'camera', seconds: 2 } },
      ],
    });
    const story = storyOf(saved, 'unused');
    expect(ids(story)).toEqual(['a', 'b']);
    expect(activeScene(story).id).toBe('a');
    expect(story.scenes[1]).toMatchObject({ picture: KEPT_IMAGE, transition: { kind: 'camera' } });
    // A zone saved without a colour gets one.
    expect(story.scenes[0]?.zones[0]?.colour).toMatch(/^#/);
    const down = storyReducer(story, { type: 'remove', id: 'b' });
    expect(isStory(down)).toBe(true);
  });

  it('is a story once one scene carries text or a hold of its own', () => {
    const [only] = storyOf(null, 'only').scenes as [Scene];
    const alone = (scene: Scene): Story => ({
      scenes: [scene],
      activeId: scene.id,
      keepsScenes: false,
    });
    expect(isStory(alone(only))).toBe(false);
    expect(isStory(alone({ ...only, holdSeconds: 4 }))).toBe(true);
    expect(isStory(alone({ ...only, texts: [{ ...BLOCK, text: 'Hello' }] }))).toBe(true);
  });
});

describe('the story changes', () => {
  it('adds a scene last and opens it, up to the limit', () => {
    let story = storyOf(null, 'first');
    story = storyReducer(story, { type: 'add', scene: newScene('blank-1', 'blank') });
    expect(ids(story)).toEqual(['first', 'blank-1']);
    expect(story.activeId).toBe('blank-1');
    expect(isStory(story)).toBe(true);
    for (let i = 2; i < STORY_LIMITS.maxScenes + 3; i++) {
      story = storyReducer(story, { type: 'add', scene: newScene(`s${i}`, 'blank') });
    }
    expect(story.scenes).toHaveLength(STORY_LIMITS.maxScenes);
  });

  it('duplicates a scene right after itself, with its work, and opens the copy', () => {
    const story = storyReducer(storyOfScenes('a', 'b'), {
      type: 'change',
      id: 'a',
      change: { drawingTime: 12, holdSeconds: 4 },
    });
    const copied = storyReducer(story, { type: 'duplicate', id: 'a', newId: 'a2' });
    expect(ids(copied)).toEqual(['a', 'a2', 'b']);
    expect(copied.activeId).toBe('a2');
    expect(copied.scenes[1]).toEqual({ ...copied.scenes[0], id: 'a2' });
  });

  it('moves a scene to a place, within the story', () => {
    const story = storyOfScenes('a', 'b', 'c');
    expect(ids(storyReducer(story, { type: 'move', id: 'a', to: 2 }))).toEqual(['b', 'c', 'a']);
    expect(ids(storyReducer(story, { type: 'move', id: 'c', to: 0 }))).toEqual(['c', 'a', 'b']);
    expect(ids(storyReducer(story, { type: 'move', id: 'b', to: 9 }))).toEqual(['a', 'c', 'b']);
    expect(storyReducer(story, { type: 'move', id: 'b', to: 1 })).toBe(story);
  });

  it('deletes a scene, opening its neighbour, and puts it back where it was', () => {
    const story = { ...storyOfScenes('a', 'b', 'c'), activeId: 'b' };
    const removed = storyReducer(story, { type: 'remove', id: 'b' });
    expect(ids(removed)).toEqual(['a', 'c']);
    expect(removed.activeId).toBe('c');
    const lastRemoved = storyReducer({ ...story, activeId: 'c' }, { type: 'remove', id: 'c' });
    expect(lastRemoved.activeId).toBe('b');
    const scene = story.scenes[1] as Scene;
    const undone = storyReducer(removed, { type: 'restore', scene, index: 1 });
    expect(undone.scenes).toEqual(story.scenes);
    expect(undone.activeId).toBe('b');
    // Undone twice, it is there once.
    expect(storyReducer(undone, { type: 'restore', scene, index: 1 })).toBe(undone);
  });

  it('keeps at least one scene', () => {
    const story = storyOfScenes('a');
    expect(storyReducer(story, { type: 'remove', id: 'a' })).toBe(story);
  });

  it('changes one scene, and is unchanged by a change to what it already is', () => {
    const story = storyOfScenes('a', 'b');
    const changed = storyReducer(story, { type: 'change', id: 'b', change: { holdSeconds: 6 } });
    expect(changed.scenes[1]?.holdSeconds).toBe(6);
    expect(changed.scenes[0]).toBe(story.scenes[0]);
    expect(storyReducer(changed, { type: 'change', id: 'b', change: { holdSeconds: 6 } })).toBe(
      changed,
    );
  });

  it('opens a scene by its id only', () => {
    const story = storyOfScenes('a', 'b');
    expect(storyReducer(story, { type: 'select', id: 'b' }).activeId).toBe('b');
    expect(storyReducer(story, { type: 'select', id: 'nope' })).toBe(story);
  });
});

describe('firstPicture', () => {
  it('is the first scene with a picture, past blank boards', () => {
    const blank = newScene('b', 'blank');
    expect(firstPicture([blank, newScene('k', KEPT_IMAGE), newScene('p', 'project')])).toEqual(
      KEPT_IMAGE,
    );
    expect(firstPicture([newScene('p', 'project'), blank])).toBe('project');
    expect(firstPicture([blank])).toBeUndefined();
  });
});

describe('finishedTexts', () => {
  it('keeps the blocks the contract takes: not an empty one, nor one the hand cannot write', () => {
    const texts = [
      { ...BLOCK, id: '1', text: 'Crème brûlée' },
      { ...BLOCK, id: '2', text: '  ' },
      { ...BLOCK, id: '3', text: 'Hi 👋' },
    ];
    expect(finishedTexts(texts).map((text) => text.id)).toEqual(['1']);
  });
});
