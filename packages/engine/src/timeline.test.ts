import { describe, expect, it } from 'vitest';
import type { Transition } from '@rasma/contract/story-limits';
import {
  HOLD_SECONDS,
  storySeconds,
  storyTimeline,
  timeline,
  videoSeconds,
  VOICE_TAIL_SECONDS,
} from './timeline.js';

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

describe('timeline with a voice-over', () => {
  it('a voice shorter than the drawing and its hold changes nothing', () => {
    expect(timeline(15, false, 16.5)).toEqual(timeline(15, false));
    expect(videoSeconds(8, true, 3)).toBe(12);
  });

  it('a longer voice holds the finished picture until it ends and half a second after, in whole frames', () => {
    // 20 s of voice + 0.5 s = 615 frames; the drawing still renders its own 465.
    expect(timeline(15, false, 20)).toEqual({
      drawFrames: 450,
      colourFrames: 0,
      renderedFrames: 465,
      holdFrames: 150,
      totalFrames: 615,
    });
    expect(videoSeconds(15, false, 20)).toBe(20.5);
    // 20.01 s + 0.5 s is 615.3 frames: rounded up, so the voice is never cut.
    expect(timeline(15, false, 20.01).totalFrames).toBe(616);
    expect(videoSeconds(100, true, 300)).toBe(300.5);
  });
});

describe('storyTimeline', () => {
  const scene = (drawingTime: number, holdSeconds: number, kind: Transition, seconds = 1) => ({
    drawingTime,
    holdSeconds,
    transition: { kind, seconds },
  });

  it('one scene held 2 s is the one-picture timeline', () => {
    // The one-picture figures above (`timeline()` is written on `storyTimeline`, so they are
    // spelled out here): 15 s of drawing, the colour phase, the 2 s hold; a short voice changes
    // nothing, and the lone scene's transition is not used.
    for (const [colour, renderedFrames, totalFrames] of [
      [false, 465, 510],
      [true, 563, 623],
    ] as const) {
      const story = storyTimeline([scene(15, HOLD_SECONDS, 'fade')], colour, 3);
      expect(story.totalFrames).toBe(totalFrames);
      expect(story.scenes[0]!.renderedFrames).toBe(renderedFrames);
      expect(story.transitions).toEqual([]);
    }
  });

  it('lasts the scenes (drawing, colour, own hold) plus the transitions; a cut adds none', () => {
    const story = storyTimeline(
      [scene(10, 1, 'camera', 1.5), scene(4, 0, 'cut'), scene(6, 3, 'fade')],
      true,
    );
    // Colour phases: 2.5 s, 1.5 s (the least), 1.5 s.
    expect(story.scenes.map((s) => s.frames)).toEqual([300 + 75 + 30, 120 + 45, 180 + 45 + 90]);
    expect(story.transitions).toEqual([
      { start: 405, frames: 45, kind: 'camera' },
      { start: 615, frames: 0, kind: 'cut' },
    ]);
    expect(story.scenes.map((s) => s.start)).toEqual([0, 450, 615]);
    expect(story.totalFrames).toBe(405 + 45 + 165 + 315);
    expect(storySeconds([scene(10, 1, 'cut'), scene(4, 0, 'cut')], false)).toBe(15);
  });

  it('a scene without hold ends its hand as it ends; a long voice lengthens the last hold', () => {
    const story = storyTimeline([scene(4, 0, 'fade'), scene(4, 1, 'fade')], false, 20);
    expect(story.scenes[0]!.renderedFrames).toBe(120);
    expect(story.scenes[1]!.holdFrames).toBe(Math.ceil((20 + VOICE_TAIL_SECONDS) * 30) - 270);
    expect(story.totalFrames).toBe(Math.ceil((20 + VOICE_TAIL_SECONDS) * 30));
  });
});
