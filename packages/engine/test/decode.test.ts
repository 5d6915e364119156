import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, shapeFrame, videoLayout } from '../src/decode.js';
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

describe('video shapes', () => {
  it('has 720p, 1080p and 4K frames for 16:9, 9:16 and 1:1, and none for the original shape', () => {
    expect(shapeFrame('16:9', 1920)).toEqual({ width: 1920, height: 1080 });
    expect(shapeFrame('9:16', 1280)).toEqual({ width: 720, height: 1280 });
    expect(shapeFrame('1:1', 3840)).toEqual({ width: 2160, height: 2160 });
    expect(shapeFrame('original', 1920)).toBeUndefined();
  });

  it('sizes a picture of its own proportions to the lines of its resolution, turned to the picture', async () => {
    const sizeAt = async (width: number, height: number, size: number, shrinkOnly = false) => {
      const png = await sharp({ create: { width, height, channels: 3, background: '#888' } })
        .png()
        .toBuffer();
      const options = videoLayout('original', size);
      const image = await decodeImage(png, { within: { ...options.within!, shrinkOnly } });
      return [image.width, image.height];
    };
    // 720p: 720 lines for a landscape photo, 720 columns for a portrait one, never over 1280.
    expect(await sizeAt(400, 300, 1280)).toEqual([960, 720]);
    expect(await sizeAt(300, 400, 1280)).toEqual([720, 960]);
    expect(await sizeAt(500, 500, 1280)).toEqual([720, 720]);
    expect(await sizeAt(840, 360, 1280)).toEqual([1280, 548]);
    expect(await sizeAt(400, 300, 1920, true)).toEqual([400, 300]);
    expect(await sizeAt(2400, 1800, 1920, true)).toEqual([1440, 1080]);
    expect(videoLayout('9:16', 1920)).toEqual({ frame: { width: 1080, height: 1920 } });
  });

  it('fits a landscape picture in a vertical frame, centred on white paper with a margin', async () => {
    const red = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    const image = await decodeImage(red, { frame: { width: 180, height: 320 } });
    expect([image.width, image.height]).toEqual([180, 320]);
    // Margin 5 % of the short side (9 px, made even: 10) on each side: 160 px wide, 120 high.
    expect(image.placement).toEqual({ left: 10, top: 100, scale: 0.4 });
    const at = (x: number, y: number) => [
      ...image.data.subarray((y * 180 + x) * 4, (y * 180 + x) * 4 + 4),
    ];
    expect(at(90, 160)).toEqual([200, 0, 0, 255]);
    expect(at(90, 50)).toEqual([255, 255, 255, 255]);
    expect(at(5, 160)).toEqual([255, 255, 255, 255]);
    expect(at(10, 100)).toEqual([200, 0, 0, 255]);
    expect(at(169, 219)).toEqual([200, 0, 0, 255]);
    expect(at(170, 220)).toEqual([255, 255, 255, 255]);
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
      shape: 'original',
      strokeMasks: [{ id: '1700000000000', direction: 'Left to right', fillLevel: 50 }],
    });
  });
});
