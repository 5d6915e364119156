import { describe, expect, it, vi } from 'vitest';
import { PlaybackClock } from './playback-clock';

describe('the preview clock asked to play before its frames are there', () => {
  it('is playing but not running until they are, and says when they come', () => {
    const clock = new PlaybackClock();
    const listener = vi.fn();
    clock.subscribe(listener);
    clock.setFrames(0, false);
    clock.play();
    expect([clock.playing, clock.running]).toEqual([true, false]);

    listener.mockClear();
    clock.setFrames(90, true);
    expect(clock.running).toBe(true);
    expect(listener).toHaveBeenCalled();
    clock.dispose();
  });
});
