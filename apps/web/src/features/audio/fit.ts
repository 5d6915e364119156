import { DRAWING_TIME } from '@/lib/contract';

/**
 * "Fit the drawing to the voice-over": the drawing time (a whole number of seconds, as the field
 * takes) that ends the drawing when the voice ends, within the drawing time's range. A longer
 * voice (`voiceLonger`) keeps the finished picture on screen until it ends.
 */
export function fitDrawingTime(voiceSeconds: number): {
  drawingTime: number;
  voiceLonger: boolean;
} {
  const drawingTime = Math.min(
    DRAWING_TIME.max,
    Math.max(DRAWING_TIME.min, Math.round(voiceSeconds)),
  );
  return { drawingTime, voiceLonger: voiceSeconds > DRAWING_TIME.max };
}
