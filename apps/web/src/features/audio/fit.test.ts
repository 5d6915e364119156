import { describe, expect, it } from 'vitest';
import { DRAWING_TIME } from '@/lib/contract';
import { fitDrawingTime } from './fit';

describe('fitting the drawing to the voice-over', () => {
  it('ends the drawing with the voice, in whole seconds', () => {
    expect(fitDrawingTime(12.4)).toEqual({ drawingTime: 12, voiceLonger: false });
    expect(fitDrawingTime(12.6)).toEqual({ drawingTime: 13, voiceLonger: false });
  });

  it('keeps within the drawing time range', () => {
    expect(fitDrawingTime(0.6).drawingTime).toBe(DRAWING_TIME.min);
    expect(fitDrawingTime(DRAWING_TIME.max)).toEqual({
      drawingTime: DRAWING_TIME.max,
      voiceLonger: false,
    });
  });

  it('says when the voice outlasts the longest drawing', () => {
    expect(fitDrawingTime(DRAWING_TIME.max + 40)).toEqual({
      drawingTime: DRAWING_TIME.max,
      voiceLonger: true,
    });
  });
});
