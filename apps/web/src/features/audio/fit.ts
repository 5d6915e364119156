import { FPS, storyTimeline, type TimedScene } from '@rasma/engine/outline';
import { DRAWING_TIME } from '@/lib/contract';

/**
 * "Fit the drawing to the voice-over": the open scene's drawing time (a whole number of seconds,
 * as the field takes) that ends the video's last drawing when the voice ends, within the drawing
 * time's range. One picture: the drawing ends with the voice. A voice longer than the longest fit
 * keeps the last picture on screen until it ends; one shorter than the other scenes' drawing
 * leaves the story going on after it.
 */
export interface Fit {
  drawingTime: number;
  voice: 'fits' | 'longer' | 'shorter';
}

export function fitDrawingTime(
  voiceSeconds: number,
  scenes: readonly TimedScene[],
  index: number,
  colour: boolean,
): Fit {
  const drawingEnd = (drawingTime: number) => {
    const changed = scenes.map((scene, i) => (i === index ? { ...scene, drawingTime } : scene));
    const last = storyTimeline(changed, colour).scenes.at(-1)!;
    return (last.start + last.drawFrames) / FPS;
  };
  // The end grows with the drawing time: take the first whole second that reaches the voice.
  let best = DRAWING_TIME.min;
  for (let seconds = DRAWING_TIME.min; seconds <= DRAWING_TIME.max; seconds++) {
    const miss = Math.abs(drawingEnd(seconds) - voiceSeconds);
    if (miss < Math.abs(drawingEnd(best) - voiceSeconds)) best = seconds;
  }
  const end = drawingEnd(best);
  const step = 0.5;
  const voice =
    voiceSeconds > end + step ? 'longer' : voiceSeconds < end - step ? 'shorter' : 'fits';
  return { drawingTime: best, voice };
}

/** What a fit did, in words; `told`: the project is a story of several scenes. */
export function fitText({ drawingTime, voice }: Fit, told: boolean): string {
  if (voice === 'longer')
    return told
      ? `The voice-over is longer than the story, even with this scene drawn in ${drawingTime} s: the last picture stays on screen until the voice ends.`
      : `The voice-over is longer than ${DRAWING_TIME.max} s: the drawing takes ${drawingTime} s and the finished picture stays on screen until the voice ends.`;
  if (voice === 'shorter')
    return `The voice-over ends before the other scenes are drawn: this scene's drawing time is now ${drawingTime} s, and the story goes on after the voice.`;
  return told
    ? `This scene's drawing time is now ${drawingTime} s: the story's last drawing ends when the voice-over does.`
    : `The drawing time is now ${drawingTime} s: the drawing ends when the voice-over does.`;
}
