import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../src/decode.js';
import { parseRenderOptions } from '../src/options.js';
import { outline } from '../src/outline.js';

describe('decodeImage', () => {
  it('gives RGBA for greyscale images and resizes to an even size with the aspect ratio', async () => {
    const grey = await sharp(Buffer.alloc(300 * 200, 90), {
      raw: { width: 300, height: 200, channels: 1 },
    })
      .toColourspace('b-w')
      .jpeg()
      .toBuffer();
    const image = await decodeImage(grey, { longSide: 101 });
    expect([image.width, image.height]).toEqual([102, 68]);
    expect(image.data.length).toBe(102 * 68 * 4);
    expect([image.sourceWidth, image.sourceHeight]).toEqual([300, 200]);
  });

  it('puts transparent pixels on white paper in the outline luma', async () => {
    const clear = await sharp({
      create: { width: 16, height: 16, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const image = await decodeImage(clear);
    expect(image.data[3]).toBe(0);
    // Transparent black is paper, not ink.
    expect(outline(image).ink.every((v) => v === 0)).toBe(true);
  });
});

describe('render options', () => {
  it('fills in the defaults of the spec', () => {
    const options = parseRenderOptions({
      strokeMasks: [{ id: 1700000000000, points: [{ x: 1, y: 2 }], brushSize: 20 }],
    });
    expect(options).toMatchObject({
      direction: 'Left to right',
      grayscaleLevel: 128,
      aiModel: 'rasma-ai',
      drawingTime: 15,
      size: 1920,
      strokeMasks: [{ id: '1700000000000', direction: 'Left to right', fillLevel: 50 }],
    });
  });
});
