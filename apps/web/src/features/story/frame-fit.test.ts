import { describe, expect, it } from 'vitest';
import { fillsFrame, pictureInFrame } from './frame-fit';

const scenes = [
  { picture: 'blank' as const },
  { picture: 'project' as const },
  { picture: 'project' as const },
];

describe("a scene's picture in the video's frame", () => {
  it('is the whole frame for a blank board, and for the first picture at its own proportions only', () => {
    expect(scenes.map((_, i) => fillsFrame(scenes, i, 'original'))).toEqual([true, true, false]);
    // A chosen shape fits even the first picture inside the margin, as the render does.
    expect(scenes.map((_, i) => fillsFrame(scenes, i, '16:9'))).toEqual([true, false, false]);
  });

  it('lies inside the margin, centred, or covers the frame when it fills it', () => {
    const frame = { width: 1600, height: 900 };
    // 5% of 900 (46 px, even) around a square: 808 x 808 in the middle.
    expect(pictureInFrame({ width: 400, height: 400 }, frame, false)).toEqual({
      left: 396,
      top: 46,
      width: 808,
      height: 808,
    });
    expect(pictureInFrame({ width: 1920, height: 1080 }, frame, true)).toEqual({
      left: 0,
      top: 0,
      width: 1600,
      height: 900,
    });
  });
});
