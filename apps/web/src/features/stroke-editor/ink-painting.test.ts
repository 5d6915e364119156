import { describe, expect, it } from 'vitest';
import { stubImageData } from '@/test/image-data';
import { InkPainting } from './ink-painting';
import type { PlayData } from './messages';

/** A 4x2 drawing of three frames: frame 0 reveals pixel 1, frame 1 nothing, frame 2 pixels 6 and 7. */
const data = {
  drawFrames: 3,
  grey: new Uint8Array([0, 10, 0, 0, 0, 0, 60, 70]),
  order: new Int32Array([1, 6, 7]),
  start: new Int32Array([0, 1, 1, 3]),
} as unknown as PlayData;

stubImageData();

const greys = (painting: InkPainting) =>
  Array.from({ length: 8 }, (_, p) => painting.image.data[p * 4]);

describe('the ink painted up to a frame', () => {
  it('paints only what each frame reveals, and afresh going back', () => {
    const painting = new InkPainting(data, 4, 2);
    expect(painting.paintTo(0)).toEqual({ left: 0, top: 0, width: 4, height: 2 });
    expect(greys(painting)).toEqual([255, 10, 255, 255, 255, 255, 255, 255]);
    expect(painting.paintTo(1)).toBeNull();
    expect(painting.paintTo(2)).toEqual({ left: 2, top: 1, width: 2, height: 1 });
    expect(greys(painting)).toEqual([255, 10, 255, 255, 255, 255, 60, 70]);

    expect(painting.paintTo(0)).toEqual({ left: 0, top: 0, width: 4, height: 2 });
    expect(greys(painting)).toEqual([255, 10, 255, 255, 255, 255, 255, 255]);
  });
});
