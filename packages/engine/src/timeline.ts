/**
 * The video's timeline at 30 fps: the drawing (exactly the drawing time), the colour phase (colour
 * model only), then a 2 s hold on the finished picture. The hand slides out in the frames after
 * the drawing. Pure.
 */
export const FPS = 30;
export const HOLD_SECONDS = 2;
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
  /** Frames ffmpeg adds at the end by repeating the last rendered one. */
  holdFrames: number;
  /** Frames of the whole video: drawing + colour phase + hold. */
  totalFrames: number;
}

export function timeline(drawingTime: number, colour: boolean): Timeline {
  const drawFrames = Math.round(drawingTime * FPS);
  const colourFrames = colour ? Math.round(colourSeconds(drawingTime) * FPS) : 0;
  const renderedFrames = drawFrames + Math.max(colourFrames, LEAVE_FRAMES);
  const totalFrames = drawFrames + colourFrames + HOLD_SECONDS * FPS;
  return {
    drawFrames,
    colourFrames,
    renderedFrames,
    holdFrames: totalFrames - renderedFrames,
    totalFrames,
  };
}

/** Seconds of the finished video for a drawing time: the drawing, the colour phase, the hold. */
export const videoSeconds = (drawingTime: number, colour: boolean): number =>
  timeline(drawingTime, colour).totalFrames / FPS;
