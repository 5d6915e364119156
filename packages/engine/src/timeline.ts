/**
 * The video's timeline at 30 fps: the drawing (exactly the drawing time), the colour phase (colour
 * model only), then a 2 s hold on the finished picture, longer when a voice-over speaks past it.
 * The hand slides out in the frames after the drawing. Pure and browser-safe (the web app shows
 * the length before Generate).
 */
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
  const drawFrames = Math.round(drawingTime * FPS);
  const colourFrames = colour ? Math.round(colourSeconds(drawingTime) * FPS) : 0;
  const renderedFrames = drawFrames + Math.max(colourFrames, LEAVE_FRAMES);
  const totalFrames = Math.max(
    drawFrames + colourFrames + HOLD_SECONDS * FPS,
    voiceSeconds > 0 ? wholeFrames(voiceSeconds + VOICE_TAIL_SECONDS) : 0,
  );
  return {
    drawFrames,
    colourFrames,
    renderedFrames,
    holdFrames: totalFrames - renderedFrames,
    totalFrames,
  };
}

/** Frames that cover `seconds`, rounded up (a microsecond's float error does not add one). */
const wholeFrames = (seconds: number): number => Math.ceil(Math.round(seconds * FPS * 1e6) / 1e6);

/**
 * Seconds of the finished video for a drawing time: the drawing, the colour phase, the hold (to
 * the voice-over's end and its tail, when that is later).
 */
export const videoSeconds = (drawingTime: number, colour: boolean, voiceSeconds = 0): number =>
  timeline(drawingTime, colour, voiceSeconds).totalFrames / FPS;
