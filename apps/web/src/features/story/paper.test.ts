import { describe, expect, it } from 'vitest';
import { paperSize } from './paper';

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
