import { describe, expect, it } from 'vitest';
import { timeline, videoSeconds } from './timeline.js';

describe('timeline (30 fps)', () => {
  it('black and white: the drawing, then the 2 s hold, of which ffmpeg repeats all but the 0.5 s the hand takes to leave', () => {
    expect(timeline(15, false)).toEqual({
      drawFrames: 450,
      colourFrames: 0,
      renderedFrames: 465,
      holdFrames: 45,
      totalFrames: 510,
    });
  });

  it('colour: a quarter of the drawing time colours the picture in, rounded to whole frames, then the hold', () => {
    // 3.75 s = 112.5 frames, rounded up.
    expect(timeline(15, true)).toEqual({
      drawFrames: 450,
      colourFrames: 113,
      renderedFrames: 563,
      holdFrames: 60,
      totalFrames: 623,
    });
  });

  it.each([
    [1, 45],
    [6, 45],
    [7, 53],
    [19, 143],
    [20, 150],
    [100, 150],
  ])(
    'the colour phase of a %i s drawing lasts between 1.5 s and 5 s: %i frames',
    (seconds, frames) => {
      const { colourFrames, totalFrames } = timeline(seconds, true);
      expect(colourFrames).toBe(frames);
      expect(totalFrames).toBe(seconds * 30 + frames + 60);
    },
  );

  it('the video lasts the drawing, the colour phase and the 2 s hold', () => {
    expect(videoSeconds(8, false)).toBe(10);
    expect(videoSeconds(8, true)).toBe(12);
    expect(videoSeconds(100, true)).toBe(107);
  });
});
