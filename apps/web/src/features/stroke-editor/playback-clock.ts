import { FPS } from '@rasma/engine/outline';
import { useSyncExternalStore } from 'react';

/**
 * The preview's clock: frame = time x FPS while playing, one step per animation frame (a slow
 * screen skips frames rather than slowing the drawing), stopping on the last frame. Play from the
 * end starts again; `seek` moves to a frame (scrubbing) and playing goes on from there. Asked to
 * play before the frames are ready, it starts when they are. Kept outside React so that only what
 * shows the frame renders 30 times a second, not the whole editor.
 */
export class PlaybackClock {
  frame = 0;
  playing = false;
  private frames = 0;
  private ready = false;
  /** While running: the time frame 0 was (or would have been) shown. */
  private origin: number | null = null;
  private request = 0;
  private readonly listeners = new Set<() => void>();

  /** The drawing's frames, and whether they are there to show. */
  setFrames(frames: number, ready: boolean): void {
    const readiness = ready !== this.ready;
    this.frames = frames;
    this.ready = ready;
    this.frame = Math.min(this.frame, this.last);
    this.run();
    if (readiness) this.changed();
  }

  /**
   * Playing with the frames there: time passes. Asked to play before they are, it is `playing` but
   * still, and what follows it (the preview's sound) waits too.
   */
  get running(): boolean {
    return this.playing && this.ready;
  }

  play(): void {
    if (this.frame >= this.last) this.frame = 0;
    this.playing = true;
    this.origin = null;
    this.run();
    this.changed();
  }

  pause(): void {
    this.playing = false;
    this.stop();
    this.changed();
  }

  seek(frame: number): void {
    this.frame = Math.min(this.last, Math.max(0, Math.round(frame)));
    this.origin = null;
    this.changed();
  }

  dispose(): void {
    this.stop();
    this.listeners.clear();
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private get last(): number {
    return Math.max(0, this.frames - 1);
  }

  private run(): void {
    if (!this.playing || !this.ready || this.request !== 0) return;
    const tick = (now: number) => {
      this.request = 0;
      // Started, or moved by a seek: the clock goes on from the frame shown.
      this.origin ??= now - (this.frame / FPS) * 1000;
      const frame = Math.min(
        this.last,
        Math.max(0, Math.floor(((now - this.origin) / 1000) * FPS)),
      );
      const changed = frame !== this.frame;
      this.frame = frame;
      if (frame >= this.last) {
        this.playing = false;
        this.origin = null;
        this.changed();
        return;
      }
      this.request = requestAnimationFrame(tick);
      if (changed) this.changed();
    };
    this.request = requestAnimationFrame(tick);
  }

  private stop(): void {
    if (this.request !== 0) cancelAnimationFrame(this.request);
    this.request = 0;
    this.origin = null;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The frame the clock shows (renders on each new frame). */
export const useClockFrame = (clock: PlaybackClock) =>
  useSyncExternalStore(clock.subscribe, () => clock.frame);

/** Whether the clock is playing (renders only when that changes). */
export const useClockPlaying = (clock: PlaybackClock) =>
  useSyncExternalStore(clock.subscribe, () => clock.playing);
