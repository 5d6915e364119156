import {
  DIRECTIONS,
  DRAWING_TIME,
  FILL_LEVEL,
  GRAYSCALE_LEVEL,
  ZONE_LIMITS,
  createVideoBlobDataSchema,
} from '@rasma/contract';
import { parseRenderOptions } from '@rasma/engine';
import { describe, expect, it } from 'vitest';
import { toRenderInput } from './render-options.js';

const zone = (overrides: Record<string, unknown> = {}) => ({
  id: '1700000000000',
  points: [
    { x: 10, y: 20 },
    { x: 30, y: 40 },
  ],
  brushSize: ZONE_LIMITS.maxBrushSize,
  direction: DIRECTIONS[3],
  fillLevel: FILL_LEVEL.max,
  ...overrides,
});

describe('the create-video payload as engine options', () => {
  it('carries every setting and zone to the engine unchanged', () => {
    const payload = createVideoBlobDataSchema.parse({
      strokeMasks: [zone(), zone({ id: '2', direction: DIRECTIONS[1], fillLevel: 0 })],
      direction: DIRECTIONS[2],
      grayscaleLevel: GRAYSCALE_LEVEL.max,
      aiModel: 'rasma-ai-color',
      drawingTime: DRAWING_TIME.max,
      shape: '9:16',
      hand: 'pen',
      audio: {
        voice: { trimStart: 0.5, trimEnd: 20, gainDb: 3 },
        music: { gainDb: -6, loop: false, fadeInSeconds: 1, fadeOutSeconds: 4 },
      },
    });
    const options = parseRenderOptions(toRenderInput(payload).options);
    expect(options).toMatchObject({
      shape: '9:16',
      hand: 'pen',
      direction: 'Top to bottom',
      grayscaleLevel: 255,
      aiModel: 'rasma-ai-color',
      drawingTime: 100,
      strokeMasks: [
        { id: '1700000000000', brushSize: 500, direction: 'Bottom to top', fillLevel: 100 },
        { id: '2', direction: 'Right to left', fillLevel: 0 },
      ],
      audio: {
        voice: { trimStart: 0.5, trimEnd: 20, gainDb: 3 },
        music: { trimStart: 0, gainDb: -6, loop: false, fadeInSeconds: 1, fadeOutSeconds: 4 },
      },
    });
    expect(options.strokeMasks[0]?.points).toEqual(payload.strokeMasks[0]?.points);
  });

  it('hands over the exports chosen, and none when none are', () => {
    const payload = createVideoBlobDataSchema.parse({ exports: ['webm-alpha', 'gif'] });
    expect(toRenderInput(payload).exports).toEqual(['webm-alpha', 'gif']);
    expect(toRenderInput(createVideoBlobDataSchema.parse({})).exports).toEqual([]);
  });

  it("gives the engine each scene's settings but its picture, in the story's order", () => {
    const payload = createVideoBlobDataSchema.parse({
      aiModel: 'rasma-ai-color',
      scenes: [
        { id: 'a', picture: 'scene-1', strokeMasks: [zone()], drawingTime: 3, holdSeconds: 1 },
        {
          id: 'b',
          picture: 'blank',
          texts: [{ id: 't', text: 'Fin', x: 0.5, y: 0.5, style: 'cursive' }],
          transition: { kind: 'camera', seconds: 2 },
        },
      ],
    });
    const { options, scenes } = toRenderInput(payload);
    expect(options).not.toHaveProperty('scenes');
    expect(parseRenderOptions(options)).toMatchObject({ aiModel: 'rasma-ai-color' });
    const [first, second] = payload.scenes ?? [];
    const withoutPicture = ({ picture: _picture, ...scene }: NonNullable<typeof first>) => scene;
    expect(scenes).toEqual([withoutPicture(first!), withoutPicture(second!)]);
  });

  it('gives the engine no scenes for a video of one picture', () => {
    expect(toRenderInput(createVideoBlobDataSchema.parse({}))).not.toHaveProperty('scenes');
  });

  it('gives the engine the spec defaults for an empty payload', () => {
    const options = parseRenderOptions(toRenderInput(createVideoBlobDataSchema.parse({})).options);
    expect(options).toMatchObject({
      strokeMasks: [],
      direction: 'Left to right',
      grayscaleLevel: 128,
      aiModel: 'rasma-ai',
      drawingTime: 15,
      shape: 'original',
      hand: 'hand',
    });
  });

  it('is refused by the API and the engine alike past the limits', () => {
    for (const bad of [
      { strokeMasks: [zone({ brushSize: ZONE_LIMITS.maxBrushSize + 1 })] },
      { strokeMasks: [zone({ fillLevel: 42.5 })] },
      { grayscaleLevel: 127.5 },
      { drawingTime: DRAWING_TIME.max + 1 },
      { shape: '4:3' },
      { hand: 'left hand' },
    ]) {
      expect(createVideoBlobDataSchema.safeParse(bad).success).toBe(false);
      expect(() => parseRenderOptions(bad)).toThrow(/Invalid option/);
    }
  });
});
