/**
 * The video's timeline at 30 fps: the drawing (exactly the drawing time), the colour phase (colour
 * model only), then a 2 s hold on the finished picture, longer when a voice-over speaks past it.
 * The hand slides out in the frames after the drawing. Pure and browser-safe (the web app shows
 * the length before Generate).
 */
import { transitionSeconds, type Transition } from '@rasma/contract/story-limits';

export const FPS = 30;
export const HOLD_SECONDS = 2;
/**
 * A voice-over longer than the drawing keeps the finished picture on screen until it has ended and
 * this much after, so its last word is not cut off by the video's end.
 */
export const VOICE_TAIL_SECONDS = 0.5;
/** Frames the hand takes to slide out of the picture after the drawing. */
export const LEAVE_FRAMES = 15;

/** Colour phase length: a quarter of the drawing time, between 1.5 s and 5 s. */
export function colourSeconds(drawingTime: number): number {
  return Math.min(5, Math.max(1.5, drawingTime * 0.25));
}

/** Frame counts of one video. */
export interface Timeline {
  drawFrames: number;
  /** 0 in black and white. */
  colourFrames: number;
  /** Frames the engine renders: the drawing, then the colour phase or the hand leaving. */
  renderedFrames: number;
  /** Frames ffmpeg adds at the end by repeating the last rendered one (the hold). */
  holdFrames: number;
  /** Frames of the whole video: drawing + colour phase + hold. */
  totalFrames: number;
}

/**
 * `voiceSeconds`: how long the voice-over plays (its trimmed length), 0 without one. A voice that
 * outlasts the drawing's own hold lengthens the hold, in whole frames, to its end plus the tail.
 */
export function timeline(drawingTime: number, colour: boolean, voiceSeconds = 0): Timeline {
  const oneScene = { drawingTime, holdSeconds: HOLD_SECONDS, transition: ONE_SCENE_END };
  const { scenes, totalFrames } = storyTimeline([oneScene], colour, voiceSeconds);
  const { drawFrames, colourFrames, renderedFrames } = scenes[0]!;
  return {
    drawFrames,
    colourFrames,
    renderedFrames,
    holdFrames: totalFrames - renderedFrames,
    totalFrames,
  };
}

/** A lone scene's transition: never used, it ends on its hold. */
const ONE_SCENE_END = { kind: 'cut', seconds: 0 } as const;

/** Frames that cover `seconds`, rounded up (a microsecond's float error does not add one). */
const wholeFrames = (seconds: number): number => Math.ceil(Math.round(seconds * FPS * 1e6) / 1e6);

/**
 * Seconds of the finished video for a drawing time: the drawing, the colour phase, the hold (to
 * the voice-over's end and its tail, when that is later).
 */
export const videoSeconds = (drawingTime: number, colour: boolean, voiceSeconds = 0): number =>
  timeline(drawingTime, colour, voiceSeconds).totalFrames / FPS;

/** What a story's timeline needs of a scene (the contract's `StoryScene`). */
export interface TimedScene {
  drawingTime: number;
  holdSeconds: number;
  transition: { kind: Transition; seconds: number };
}

/** One scene's frames in a story. */
export interface SceneFrames {
  /** Its first frame in the video. */
  start: number;
  drawFrames: number;
  /** 0 in black and white. */
  colourFrames: number;
  /** Frames on the finished picture (its hold; the last scene's lengthened by a long voice). */
  holdFrames: number;
  /** Frames the engine renders: the drawing, then the colour phase or the hand leaving. */
  renderedFrames: number;
  /** Frames of the scene: drawing + colour phase + hold. */
  frames: number;
}

/** A transition's frames in a story (a cut's are 0). */
export interface TransitionFrames {
  start: number;
  frames: number;
  kind: Transition;
}

export interface StoryTimeline {
  scenes: SceneFrames[];
  /** Between scene i and i + 1: one fewer than the scenes. */
  transitions: TransitionFrames[];
  totalFrames: number;
}

/**
 * A story's timeline: each scene's drawing, colour phase and its own hold, with the transitions
 * between them (a cut adds none). A voice-over longer than all of it lengthens the last hold to
 * its end plus `VOICE_TAIL_SECONDS`. One scene with a 2 s hold is `timeline()` exactly.
 */
export function storyTimeline(
  scenes: readonly TimedScene[],
  colour: boolean,
  voiceSeconds = 0,
): StoryTimeline {
  let start = 0;
  const sceneFrames: SceneFrames[] = [];
  const transitions: TransitionFrames[] = [];
  scenes.forEach((scene, i) => {
    const drawFrames = Math.round(scene.drawingTime * FPS);
    const colourFrames = colour ? Math.round(colourSeconds(scene.drawingTime) * FPS) : 0;
    const holdFrames = Math.round(scene.holdSeconds * FPS);
    const frames = drawFrames + colourFrames + holdFrames;
    const renderedFrames = Math.min(frames, drawFrames + Math.max(colourFrames, LEAVE_FRAMES));
    sceneFrames.push({ start, drawFrames, colourFrames, holdFrames, renderedFrames, frames });
    start += frames;
    if (i === scenes.length - 1) return;
    const transitionFrames = Math.round(transitionSeconds(scene.transition) * FPS);
    transitions.push({ start, frames: transitionFrames, kind: scene.transition.kind });
    start += transitionFrames;
  });
  const voiceFrames = voiceSeconds > 0 ? wholeFrames(voiceSeconds + VOICE_TAIL_SECONDS) : 0;
  const last = sceneFrames.at(-1);
  if (last && voiceFrames > start) {
    last.holdFrames += voiceFrames - start;
    last.frames += voiceFrames - start;
    start = voiceFrames;
  }
  return { scenes: sceneFrames, transitions, totalFrames: start };
}

/** Seconds of a story's video (`storyTimeline`). */
export const storySeconds = (
  scenes: readonly TimedScene[],
  colour: boolean,
  voiceSeconds = 0,
): number => storyTimeline(scenes, colour, voiceSeconds).totalFrames / FPS;
