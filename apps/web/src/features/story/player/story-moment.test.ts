import { FPS, storyTimeline } from '@rasma/engine/outline';
import { describe, expect, it } from 'vitest';
import { storyMoment } from './story-moment';

/** Three scenes: 4 s drawn + 2 s held, a 1 s camera move; 2 s + 1 s, a cut; 3 s + 0 s. */
const timeline = storyTimeline(
  [
    { drawingTime: 4, holdSeconds: 2, transition: { kind: 'camera', seconds: 1 } },
    { drawingTime: 2, holdSeconds: 1, transition: { kind: 'cut', seconds: 1 } },
    { drawingTime: 3, holdSeconds: 0, transition: { kind: 'fade', seconds: 1 } },
  ],
  false,
);
const at = (seconds: number) => storyMoment(timeline, Math.round(seconds * FPS));

describe('the story at a moment', () => {
  it('is each scene in its time, the transition between them, and nothing for a cut', () => {
    expect(timeline.totalFrames).toBe(13 * FPS);
    expect(at(0)).toEqual({ kind: 'scene', scene: 0, frame: 0 });
    expect(at(5.5)).toEqual({ kind: 'scene', scene: 0, frame: 5.5 * FPS });
    expect(at(6)).toEqual({ kind: 'transition', scene: 0, transition: 'camera', t: 0 });
    expect(at(6.5)).toEqual({ kind: 'transition', scene: 0, transition: 'camera', t: 0.5 });
    expect(at(7)).toEqual({ kind: 'scene', scene: 1, frame: 0 });
    // The cut: the last frame of scene 2 is followed by the first of scene 3.
    expect(storyMoment(timeline, 10 * FPS - 1)).toEqual({
      kind: 'scene',
      scene: 1,
      frame: 3 * FPS - 1,
    });
    expect(at(10)).toEqual({ kind: 'scene', scene: 2, frame: 0 });
    expect(storyMoment(timeline, 13 * FPS - 1)).toEqual({
      kind: 'scene',
      scene: 2,
      frame: 3 * FPS - 1,
    });
  });

  it('holds the last scene past the end', () => {
    expect(storyMoment(timeline, 20 * FPS)).toEqual({
      kind: 'scene',
      scene: 2,
      frame: 3 * FPS - 1,
    });
  });
});
