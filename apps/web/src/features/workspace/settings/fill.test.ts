import { describe, expect, it } from 'vitest';
import { fillToGrayscale, grayscaleToFill } from './fill';

describe('the fill slider and the grayscale level', () => {
  it('sends round(fill * 255 / 100)', () => {
    expect(fillToGrayscale(0)).toBe(0);
    expect(fillToGrayscale(5)).toBe(13);
    expect(fillToGrayscale(50)).toBe(128);
    expect(fillToGrayscale(75)).toBe(191);
    expect(fillToGrayscale(100)).toBe(255);
  });

  it('shows the default level 128 as 50 % and any level as its nearest step of 5', () => {
    expect(grayscaleToFill(128)).toBe(50);
    expect(grayscaleToFill(0)).toBe(0);
    expect(grayscaleToFill(255)).toBe(100);
    expect(grayscaleToFill(20)).toBe(10);
  });

  it('gives back every step of the slider', () => {
    for (let fill = 0; fill <= 100; fill += 5) {
      expect(grayscaleToFill(fillToGrayscale(fill))).toBe(fill);
    }
  });
});
