import { FPS } from '@rasma/engine/outline';
import { useEffect, useRef } from 'react';
import type { PlaybackClock } from '@/features/stroke-editor/playback-clock';
import type { TrackMoment } from './sound-mix';

/**
 * How far (s) a playing element may drift from where the clock says it should be before it is
 * moved there: more than a frame's jitter, less than a word.
 */
const MAX_DRIFT_SECONDS = 0.25;
/** Gain changes glide over this time constant (s), so a fade stepped 30 times a second is smooth. */
const GAIN_GLIDE_SECONDS = 0.015;

/** A move or start the element has not confirmed within this long (ms) is given up on. */
const SETTLE_MS = 1000;

let context: AudioContext | null = null;
/** Each element's gain: an element joins an audio graph once, for its whole life. */
const gains = new WeakMap<HTMLMediaElement, GainNode>();

/** The page's one audio context, made (or woken) on a person's click: browsers ask for one. */
export function audioContext(): AudioContext {
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

/**
 * One track's `<audio>` element, played through a gain (a track may be set louder than the file).
 * `follow` sets where it should be: it plays from there, moves when it has drifted (a seek, a
 * loop), and pauses where the track is silent or the clock stops.
 */
class TrackPlayer {
  /** When a move or start was asked for that the element has not confirmed yet: no new one. */
  private settlingSince: number | null = null;
  private readonly settled = () => {
    this.settlingSince = null;
  };

  constructor(readonly element: HTMLAudioElement) {
    element.addEventListener('seeked', this.settled);
    element.addEventListener('playing', this.settled);
  }

  follow(moment: TrackMoment, playing: boolean): void {
    const { element } = this;
    if (!playing || moment.position === null) {
      if (!element.paused) element.pause();
      this.settled();
      return;
    }
    this.setGain(moment.gain);
    const now = performance.now();
    if (this.settlingSince !== null && now - this.settlingSince < SETTLE_MS) return;
    this.settled();
    // A start lands on the frame; while playing, only a real drift moves it (a move is heard).
    const allowed = element.paused ? 1 / FPS : MAX_DRIFT_SECONDS;
    if (Math.abs(element.currentTime - moment.position) > allowed) {
      this.settlingSince = now;
      element.currentTime = moment.position;
    }
    if (element.paused) {
      this.settlingSince = now;
      element.play().catch(this.settled);
    }
  }

  dispose(): void {
    if (!this.element.paused) this.element.pause();
    this.element.removeEventListener('seeked', this.settled);
    this.element.removeEventListener('playing', this.settled);
  }

  private setGain(value: number): void {
    const audio = audioContext();
    let node = gains.get(this.element);
    if (!node) {
      node = audio.createGain();
      audio.createMediaElementSource(this.element).connect(node).connect(audio.destination);
      gains.set(this.element, node);
    }
    node.gain.setTargetAtTime(value, audio.currentTime, GAIN_GLIDE_SECONDS);
  }
}

/**
 * Keeps an `<audio>` element (once rendered) where a clock says, each frame and on each play,
 * pause or seek: `at` gives the track's moment at a time of the clock (seconds). The latest `at` is
 * used: a trim or loudness changed while playing is heard at once.
 */
export function useFollowingElement(
  clock: PlaybackClock,
  element: HTMLAudioElement | null,
  at: (seconds: number) => TrackMoment,
): void {
  const moment = useRef(at);
  useEffect(() => {
    moment.current = at;
  });
  useEffect(() => {
    if (!element) return;
    const player = new TrackPlayer(element);
    const update = () => player.follow(moment.current(clock.frame / FPS), clock.running);
    update();
    const unsubscribe = clock.subscribe(update);
    return () => {
      unsubscribe();
      player.dispose();
    };
  }, [clock, element]);
}
