import { describe, expect, it } from 'vitest';
import { STORAGE_LIMITS } from '@/lib/contract';
import { pngHeader } from '@/test/fixtures';
import { fitImage, fittedSize } from './fit-image';

const LONG = STORAGE_LIMITS.imageLongSide;

describe('the size an image is worked on at', () => {
  it('brings the long side down to the limit, in proportion, whichever side it is', () => {
    expect(fittedSize({ width: 8000, height: 6000 })).toEqual({ width: LONG, height: 2880 });
    expect(fittedSize({ width: 6000, height: 8000 })).toEqual({ width: 2880, height: LONG });
    expect(fittedSize({ width: 7681, height: 7681 })).toEqual({ width: LONG, height: LONG });
    // Rounded to whole pixels, never to nothing.
    expect(fittedSize({ width: 5000, height: 3333 })).toEqual({ width: LONG, height: 2560 });
    expect(fittedSize({ width: 50_000, height: 1 })).toEqual({ width: LONG, height: 1 });
  });

  it('leaves an image at or under the limit as it is', () => {
    expect(fittedSize({ width: LONG, height: 2160 })).toBeNull();
    expect(fittedSize({ width: 1200, height: LONG })).toBeNull();
    expect(fittedSize({ width: 80, height: 60 })).toBeNull();
  });
});

describe('fitting a chosen image', () => {
  it('keeps the very file when it is small enough (read from its header, nothing decoded)', async () => {
    const file = new File([pngHeader(LONG, 1000)], 'wide.png', { type: 'image/png' });
    expect(await fitImage(file)).toBe(file);
  });

  it('keeps a file it cannot read as it is (the server decides)', async () => {
    const file = new File(['not an image'], 'notes.png', { type: 'image/png' });
    expect(await fitImage(file)).toBe(file);
  });
});
