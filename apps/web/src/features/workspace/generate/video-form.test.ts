import { describe, expect, it } from 'vitest';
import { createVideoBlobDataSchema, previewOutlineFieldsSchema } from '@/lib/contract';
import type { StrokeEdits } from '@/lib/contract';
import type { Zone } from '../zones/zone';
import { createVideoBlobData, imageForm, previewFields } from './video-form';

const ZONES: Zone[] = [
  {
    id: '1700000000001',
    colour: '#4f46e5',
    points: [
      { x: 10, y: 20 },
      { x: 30, y: 40 },
    ],
    brushSize: 80,
    direction: 'Top to bottom',
    fillLevel: 65,
  },
  {
    id: '1700000000002',
    colour: '#d97706',
    points: [{ x: 5, y: 5 }],
    brushSize: 40,
    direction: 'Left to right',
    fillLevel: 50,
  },
];

describe('the create payload', () => {
  it('carries the zones in list order with their own settings, and the global settings', () => {
    const blobData = createVideoBlobData(
      {
        direction: 'Right to left',
        grayscaleLevel: 191,
        aiModel: 'rasma-ai-color',
        shape: '9:16',
        hand: 'pen',
      },
      3,
      ZONES,
    );
    expect(blobData).toEqual({
      // A zone's colour is the page's own: it is not sent.
      strokeMasks: ZONES.map(({ colour: _colour, ...mask }) => mask),
      direction: 'Right to left',
      grayscaleLevel: 191,
      aiModel: 'rasma-ai-color',
      drawingTime: 3,
      shape: '9:16',
      hand: 'pen',
    });
    expect(createVideoBlobDataSchema.parse(blobData)).toEqual(blobData);
  });
});

describe('the create payload with stroke edits', () => {
  const SETTINGS = {
    direction: 'Left to right',
    grayscaleLevel: 128,
    aiModel: 'rasma-ai',
    shape: '16:9',
    hand: 'hand',
  } as const;

  it("carries the edits, in the image's own pixels, as the contract takes them", () => {
    const edits: StrokeEdits = {
      order: ['added.1', '0.0', '1.2'],
      parts: { '1.2': { timeScale: 2, direction: 'Bottom to top' } },
      deleted: [
        {
          part: '0.0',
          points: [
            [12, 30],
            [40, 31.5],
          ],
        },
      ],
      added: [
        {
          part: 'added.1',
          points: [
            [100, 200, 0.5],
            [140, 210, 0.8],
          ],
        },
      ],
    };
    const blobData = createVideoBlobData(SETTINGS, 5, ZONES, edits);
    expect(blobData.edits).toEqual(edits);
    expect(createVideoBlobDataSchema.parse(blobData).edits).toEqual(edits);
  });

  it('sends nothing for an empty edit set, as an older client does', () => {
    for (const edits of [undefined, {}, { order: [], parts: {}, deleted: [], added: [] }]) {
      const blobData = createVideoBlobData(SETTINGS, 5, ZONES, edits);
      expect('edits' in blobData).toBe(false);
      expect(JSON.parse(JSON.stringify(blobData))).toEqual(createVideoBlobData(SETTINGS, 5, ZONES));
    }
  });
});

describe('the preview fields', () => {
  it("carry the global level and each zone's shape and fill only", () => {
    const fields = previewFields(128, ZONES);
    expect(fields).toEqual({
      globalThreshold: 128,
      maskDetails: [
        { points: ZONES[0]?.points, brushSize: 80, fillLevel: 65 },
        { points: ZONES[1]?.points, brushSize: 40, fillLevel: 50 },
      ],
    });
    expect(previewOutlineFieldsSchema.parse(fields)).toEqual(fields);
  });
});

describe('imageForm', () => {
  const image = new File(['bytes'], 'Cat in Box.webp', { type: 'image/webp' });

  it('sends the image under its own name and each field as JSON', () => {
    const form = imageForm(image, { globalThreshold: 128, maskDetails: [] });
    expect((form.get('image') as File).name).toBe('Cat in Box.webp');
    expect(form.get('globalThreshold')).toBe('128');
    expect(form.get('maskDetails')).toBe('[]');
  });

  it('sends each audio file under its track, and none without audio', () => {
    const voice = new File(['aac'], 'voice.m4a', { type: 'audio/mp4' });
    const music = new File(['aac!'], 'music.m4a', { type: 'audio/mp4' });
    const form = imageForm(image, { blobData: {} }, { voice, music });
    expect([...form.keys()]).toEqual(['image', 'blobData', 'voice', 'music']);
    expect(form.get('voice')).toEqual(voice);
    expect((form.get('music') as File).size).toBe(4);
    expect([...imageForm(image, { blobData: {} }).keys()]).toEqual(['image', 'blobData']);
  });
});

describe('the create payload with sound', () => {
  it("carries the tracks' settings as the contract takes them", () => {
    const audio = {
      voice: { trimStart: 1.5, trimEnd: 20, gainDb: 3 },
      music: { trimStart: 0, gainDb: -12, loop: false, fadeInSeconds: 1, fadeOutSeconds: 3 },
    };
    const blobData = createVideoBlobData(
      {
        direction: 'Left to right',
        grayscaleLevel: 128,
        aiModel: 'rasma-ai',
        shape: '16:9',
        hand: 'pen',
      },
      18,
      ZONES,
      undefined,
      audio,
    );
    expect(blobData.audio).toEqual(audio);
    expect(createVideoBlobDataSchema.parse(blobData).audio).toEqual(audio);
  });
});
