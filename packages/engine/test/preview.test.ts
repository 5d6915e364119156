import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { previewOutline } from '../src/preview.js';
import { scenePng } from './fixtures.js';

async function darkPixels(png: Buffer): Promise<{ width: number; height: number; dark: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i]! < 200) dark++;
  return { width: info.width, height: info.height, dark };
}

describe('previewOutline', () => {
  it('returns the outline as a PNG of the image size; a zone with a high fill adds ink there', async () => {
    const image = await scenePng(240, 180);
    const plain = await darkPixels(await previewOutline(image, { grayscaleLevel: 128 }));
    expect([plain.width, plain.height]).toEqual([240, 180]);
    expect(plain.dark).toBeGreaterThan(500);
    const zone = { points: [{ x: 120, y: 150 }], brushSize: 50, fillLevel: 100 };
    const zoned = await darkPixels(
      await previewOutline(image, { grayscaleLevel: 128, zones: [zone] }),
    );
    expect(zoned.dark).toBeGreaterThan(plain.dark + 300);
    const small = await darkPixels(await previewOutline(image, { longSide: 120 }));
    expect([small.width, small.height]).toEqual([120, 90]);
  });

  it('rejects a zone without points', async () => {
    const zone = { points: [], brushSize: 20, fillLevel: 50 };
    await expect(previewOutline(await scenePng(40, 30), { zones: [zone] })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
  });
});
