import { describe, expect, it } from 'vitest';
import { DRAWING_TIME } from '@/lib/contract';
import { fitDrawingTime, fitText } from './fit';

const scene = (drawingTime: number, holdSeconds = 2, seconds = 1) => ({
  drawingTime,
  holdSeconds,
  transition: { kind: 'fade' as const, seconds },
});

describe('fitting the drawing to the voice-over', () => {
  const one = (voiceSeconds: number) => fitDrawingTime(voiceSeconds, [scene(15)], 0, false);

  it('ends the drawing of one picture with the voice, in whole seconds', () => {
    expect(one(12.4)).toEqual({ drawingTime: 12, voice: 'fits' });
    expect(one(12.6)).toEqual({ drawingTime: 13, voice: 'fits' });
    expect(fitText(one(12.4), false)).toBe(
      'The drawing time is now 12 s: the drawing ends when the voice-over does.',
    );
  });

  it('keeps within the drawing time range, and says when the voice outlasts the longest drawing', () => {
    expect(one(0.6).drawingTime).toBe(DRAWING_TIME.min);
    expect(one(DRAWING_TIME.max)).toEqual({ drawingTime: DRAWING_TIME.max, voice: 'fits' });
    const longer = one(DRAWING_TIME.max + 40);
    expect(longer).toEqual({ drawingTime: DRAWING_TIME.max, voice: 'longer' });
    expect(fitText(longer, false)).toContain('the finished picture stays on screen');
  });

  it("in a story, sets the open scene's time so that the last drawing ends with the voice", () => {
    // Scenes of 5 s, 4 s and 6 s of drawing, 2 s holds, 1 s fades: the last drawing starts at
    // 5 + 2 + 1 + d + 2 + 1 = 11 + d s and ends 6 s later, so a 30 s voice makes the second 13 s.
    const story = [scene(5), scene(4), scene(6)];
    const fit = fitDrawingTime(30, story, 1, false);
    expect(fit).toEqual({ drawingTime: 13, voice: 'fits' });
    expect(fitText(fit, true)).toBe(
      "This scene's drawing time is now 13 s: the story's last drawing ends when the voice-over does.",
    );
    // Fitting the last scene: the others take 5 + 2 + 1 + 4 + 2 + 1 = 15 s before it.
    expect(fitDrawingTime(30, story, 2, false).drawingTime).toBe(15);
  });

  it('in colour, leaves the colouring of the scenes before the last their time', () => {
    const story = [scene(5), scene(6)];
    const blackAndWhite = fitDrawingTime(40, story, 1, false).drawingTime;
    const colour = fitDrawingTime(40, story, 1, true).drawingTime;
    // The first scene's colouring comes before the last drawing: less time is left for it.
    expect(colour).toBeLessThan(blackAndWhite);
  });

  it("says when a story's voice is too short or too long for any time of the open scene", () => {
    const story = [scene(20), scene(20), scene(20)];
    const shorter = fitDrawingTime(10, story, 0, false);
    expect(shorter).toEqual({ drawingTime: DRAWING_TIME.min, voice: 'shorter' });
    expect(fitText(shorter, true)).toContain('the story goes on after the voice');
    const longer = fitDrawingTime(400, story, 0, false);
    expect(longer).toEqual({ drawingTime: DRAWING_TIME.max, voice: 'longer' });
    expect(fitText(longer, true)).toContain(
      'the last picture stays on screen until the voice ends',
    );
  });
});
