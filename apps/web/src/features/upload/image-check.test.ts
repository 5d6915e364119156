import { describe, expect, it } from 'vitest';
import { pngHeader } from '@/test/fixtures';
import { imageRefusal } from './image-check';

const ACCEPTED = 'We accept JPG, PNG, WebP or GIF images up to 20 MB and 50 megapixels.';

/** A JPEG's start, an APP0 segment, then a baseline frame header of this size. */
function jpegHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const app0 = [0xff, 0xe0, 0, 16, ...new Array<number>(14).fill(0)];
  const frame = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return new Uint8Array([0xff, 0xd8, ...app0, ...frame, ...new Array<number>(9).fill(0)]);
}

const file = (bytes: BlobPart, name: string) => new File([bytes], name, { type: 'image/png' });

describe('what the browser refuses before sending', () => {
  it('takes images within the limits, by their bytes whatever their name', async () => {
    expect(await imageRefusal(file(pngHeader(4000, 3000), 'photo.jpeg'))).toBeNull();
    expect(await imageRefusal(file(jpegHeader(7000, 7000), 'big.jpg'))).toBeNull();
  });

  it('refuses a text file named .png', async () => {
    expect(await imageRefusal(file('just some notes', 'notes.png'))).toBe(
      `“notes.png” is not a JPG, PNG, WebP or GIF image. ${ACCEPTED}`,
    );
  });

  it('refuses a file over 20 MB without reading it', async () => {
    const big = file(new Uint8Array(30 * 1024 * 1024), 'huge.png');
    expect(await imageRefusal(big)).toBe(`“huge.png” is 30 MB. ${ACCEPTED}`);
  });

  it('refuses an image over 50 megapixels from its header', async () => {
    expect(await imageRefusal(file(pngHeader(10_000, 6_000), 'wide.png'))).toBe(
      `“wide.png” is 10000 × 6000 pixels (60 megapixels). ${ACCEPTED}`,
    );
    expect(await imageRefusal(file(jpegHeader(8000, 8000), 'square.jpg'))).toContain(
      '(64 megapixels)',
    );
  });

  it('refuses an image whose header is cut short', async () => {
    expect(await imageRefusal(file(pngHeader(10, 10).slice(0, 12), 'cut.png'))).toBe(
      `“cut.png” could not be read: the file may be damaged. ${ACCEPTED}`,
    );
  });
});
