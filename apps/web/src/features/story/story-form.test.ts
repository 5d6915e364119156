import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createVideoBlobDataSchema,
  projectStateSchema,
  type ProjectStateInput,
} from '@/lib/contract';
import { storyBlobData, storyForm, pictureFields } from './story-form';
import { useStoryProjectState } from './story-project-state';
import type { Zone } from '@/features/workspace/zones/zone';
import { newScene, storyOf, type Scene, type Story } from './story-state';

const KEPT = { imageId: '3f2b8c1e-5d4a-4b6c-9e8f-7a6b5c4d3e2f' };
const ZONE: Zone = {
  id: 'z1',
  colour: '#d97706',
  points: [{ x: 10, y: 20 }],
  brushSize: 40,
  direction: 'Top to bottom',
  fillLevel: 65,
};
/** The zone as the create call takes it: a zone's colour is the page's own, not sent. */
const { colour: _colour, ...MASK } = ZONE;
const TEXT = {
  id: 't1',
  text: 'The end',
  style: 'cursive',
  x: 0.5,
  y: 0.4,
  size: 0.1,
  rotation: -5,
  at: 'before',
} as const;

/** Scene 1 the project's image with a zone, scene 2 a blank title card, scene 3 a kept picture. */
const SCENES: Scene[] = [
  {
    ...newScene('one', 'project'),
    zones: [ZONE],
    drawingTime: 6,
    edits: { order: ['1.0', '0.0'] },
    transition: { kind: 'camera', seconds: 2 },
  },
  {
    ...newScene('title', 'blank'),
    drawingTime: 3,
    holdSeconds: 1,
    texts: [TEXT, { ...TEXT, id: 'unfinished', text: '' }],
    transition: { kind: 'cut', seconds: 1 },
  },
  { ...newScene('three', KEPT), grayscaleLevel: 200, direction: 'Bottom to top' },
];
const STORY: Story = { scenes: SCENES, activeId: 'one', keepsScenes: true };
const SETTINGS = {
  direction: 'Left to right',
  grayscaleLevel: 128,
  aiModel: 'rasma-ai-color',
  drawingTime: 6,
  shape: '16:9',
  hand: 'pen',
} as const;

describe("a story's create call", () => {
  it('names the first picture image and the others scene-1, scene-2..., a blank board none', () => {
    expect([...pictureFields(SCENES)]).toEqual([
      ['one', 'image'],
      ['three', 'scene-1'],
    ]);
    const blankFirst = [SCENES[1], SCENES[2], SCENES[0]] as Scene[];
    expect([...pictureFields(blankFirst)]).toEqual([
      ['three', 'image'],
      ['one', 'scene-1'],
    ]);
  });

  it("sends each scene's own settings, zones, edits, hold, finished text and transition", () => {
    const blobData = storyBlobData(SETTINGS, SCENES);
    const parsed = createVideoBlobDataSchema.parse(blobData);
    expect(parsed).toMatchObject({ aiModel: 'rasma-ai-color', shape: '16:9', hand: 'pen' });
    expect(parsed.scenes).toEqual([
      {
        id: 'one',
        picture: 'image',
        direction: SCENES[0]?.direction,
        grayscaleLevel: 128,
        drawingTime: 6,
        edits: { order: ['1.0', '0.0'] },
        holdSeconds: 2,
        texts: [],
        transition: { kind: 'camera', seconds: 2 },
        strokeMasks: [MASK],
      },
      expect.objectContaining({
        id: 'title',
        picture: 'blank',
        drawingTime: 3,
        holdSeconds: 1,
        texts: [TEXT],
      }),
      expect.objectContaining({
        id: 'three',
        picture: 'scene-1',
        grayscaleLevel: 200,
        direction: 'Bottom to top',
        strokeMasks: [],
      }),
    ]);
    // No edits, no field: as a one-picture video sends none.
    expect('edits' in (parsed.scenes?.[2] ?? {})).toBe(false);
  });

  it('carries each picture under its field, then the blobData and the sound', () => {
    const project = new File(['project'], 'Cat in Box.webp', { type: 'image/webp' });
    const kept = new File(['kept!'], 'Car.png', { type: 'image/png' });
    const voice = new File(['aac'], 'voice.m4a', { type: 'audio/mp4' });
    const blobData = storyBlobData(SETTINGS, SCENES);
    const form = storyForm(
      SCENES,
      new Map([
        ['one', project],
        ['three', kept],
      ]),
      blobData,
      { voice },
    );
    expect([...form.keys()]).toEqual(['image', 'scene-1', 'blobData', 'voice']);
    expect((form.get('image') as File).name).toBe('Cat in Box.webp');
    expect((form.get('scene-1') as File).size).toBe(5);
    expect(JSON.parse(form.get('blobData') as string)).toEqual(blobData);
    expect(() => storyForm(SCENES, new Map([['one', project]]), blobData)).toThrow(/three/);
  });
});

describe("a story's saved state", () => {
  const save = (story: Story) =>
    renderHook(() => useStoryProjectState(story, SETTINGS, undefined)).result.current;

  it("is exactly a one-picture project's for one scene", () => {
    const story = storyOf(null, 'only');
    const state = save({
      ...story,
      scenes: [{ ...(story.scenes[0] as Scene), zones: [ZONE], inverted: true }],
    });
    const expected: ProjectStateInput = {
      zones: [ZONE],
      settings: SETTINGS,
      inverted: true,
      edits: {},
    };
    expect(state).toEqual(expected);
  });

  it('keeps every scene, the finished text only, and opens again as the same story', () => {
    const state = save(STORY);
    const saved = projectStateSchema.parse(JSON.parse(JSON.stringify(state)));
    expect(saved.scenes?.map((scene) => scene.id)).toEqual(['one', 'title', 'three']);
    expect(saved.scenes?.[1]?.texts).toEqual([TEXT]);
    // The one-picture fields tell its first scene, the project's image.
    expect(saved.zones).toEqual([ZONE]);
    expect(saved.settings.drawingTime).toBe(6);
    const reopened = storyOf(saved, 'unused');
    expect(reopened.scenes).toEqual(
      SCENES.map((scene) => ({ ...scene, texts: scene.texts.filter((t) => t.text !== '') })),
    );
  });
});
