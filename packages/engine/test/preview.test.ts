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
    // The lighter tones a full fill adds are hatched in short strokes: less ink than a dark tone.
    expect(zoned.dark).toBeGreaterThan(plain.dark + 100);
    const small = await darkPixels(await previewOutline(image, { longSide: 120 }));
    expect([small.width, small.height]).toEqual([120, 90]);
  });

  it('draws a big photo at a 1080p picture size, its zones scaled with it', async () => {
    const image = await scenePng(2400, 1800);
    // A full-fill zone, in the photo's pixels: it lands at (720, 360) in the 1440x1080 picture.
    const zone = { points: [{ x: 1200, y: 600 }], brushSize: 300, fillLevel: 100 };
    const ink = async (zones: (typeof zone)[]) => {
      const png = await previewOutline(image, { grayscaleLevel: 0, zones });
      const { data, info } = await sharp(png)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([1440, 1080]);
      return (cx: number, cy: number) => {
        let dark = 0;
        for (let y = cy - 60; y < cy + 60; y++)
          for (let x = cx - 60; x < cx + 60; x++) if (data[y * 1440 + x]! < 200) dark++;
        return dark;
      };
    };
    const [zoned, plain] = [await ink([zone]), await ink([])];
    // Hatching (light: the sky under it is light) where the zone is in the smaller picture, not
    // where its unscaled points would be.
    expect(zoned(720, 360) - plain(720, 360)).toBeGreaterThan(600);
    expect(zoned(1200, 600)).toBe(plain(1200, 600));
  });

  it('rejects a zone without points', async () => {
    const zone = { points: [], brushSize: 20, fillLevel: 50 };
    await expect(previewOutline(await scenePng(40, 30), { zones: [zone] })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
  });
});
