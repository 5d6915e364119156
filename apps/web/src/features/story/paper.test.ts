import { describe, expect, it } from 'vitest';
import { paperSize, pictureSize } from './paper';

describe("a blank board's paper", () => {
  it("is the video shape's frame", () => {
    expect(paperSize('16:9', { width: 800, height: 1200 })).toEqual({ width: 1600, height: 900 });
    expect(paperSize('9:16', null)).toEqual({ width: 900, height: 1600 });
    expect(paperSize('1:1', null)).toEqual({ width: 1600, height: 1600 });
  });

  it("is the story's first picture's proportions for the shape of the picture", () => {
    expect(paperSize('original', { width: 800, height: 1200 })).toEqual({
      width: 1067,
      height: 1600,
    });
    expect(paperSize('original', { width: 400, height: 300 })).toEqual({
      width: 1600,
      height: 1200,
    });
    // No picture yet (a story of blank boards): landscape.
    expect(paperSize('original', null)).toEqual({ width: 1600, height: 900 });
  });
});

/**
 * A JPEG stored `width` x `height` whose EXIF says `orientation` (6: turned a quarter clockwise
 * when shown), in the byte order a camera chose: an APP1 segment, then the frame header.
 */
function exifJpeg(width: number, height: number, orientation: number, order: 'II' | 'MM') {
  const u16 = (n: number) => (order === 'II' ? [n & 255, n >> 8] : [n >> 8, n & 255]);
  const u32 = (n: number) => (order === 'II' ? [...u16(n), 0, 0] : [0, 0, ...u16(n)]);
  const tiff = [
    ...[...order].map((c) => c.charCodeAt(0)),
    ...u16(42),
    ...u32(8),
    ...u16(1),
    ...[...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0],
    ...u32(0),
  ];
  const exif = [...'Exif'].map((c) => c.charCodeAt(0)).concat(0, 0, tiff);
  const app1 = [0xff, 0xe1, 0, exif.length + 2, ...exif];
  const frame = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return new Blob([
    new Uint8Array([0xff, 0xd8, ...app1, ...frame, ...new Array<number>(9).fill(0)]),
  ]);
}

describe("a picture's size", () => {
  it('is as it is shown: turned when its EXIF turns it a quarter', async () => {
    expect(await pictureSize(exifJpeg(1200, 1600, 6, 'II'))).toEqual({ width: 1600, height: 1200 });
    expect(await pictureSize(exifJpeg(1200, 1600, 8, 'MM'))).toEqual({ width: 1600, height: 1200 });
    // Upside down is still 1200 wide.
    expect(await pictureSize(exifJpeg(1200, 1600, 3, 'MM'))).toEqual({ width: 1200, height: 1600 });
  });
});
