import { describe, expect, it } from 'vitest';
import { writtenStrokes } from './text-writing';

// Two strokes: 10 px across, then 30 px down in two steps.
const strokes = [
  [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
  ],
  [
    { x: 20, y: 0 },
    { x: 20, y: 10 },
    { x: 20, y: 30 },
  ],
];

describe('a block written up to a share of it', () => {
  it('has its whole strokes in order, the one being written cut at the pen', () => {
    expect(writtenStrokes(strokes, 0)).toEqual({ strokes: [], tip: null });
    expect(writtenStrokes(strokes, 0.125)).toEqual({
      strokes: [
        [
          { x: 0, y: 0 },
          { x: 5, y: 0 },
        ],
      ],
      tip: { x: 5, y: 0 },
    });
    expect(writtenStrokes(strokes, 0.5)).toEqual({
      strokes: [
        strokes[0],
        [
          { x: 20, y: 0 },
          { x: 20, y: 10 },
        ],
      ],
      tip: { x: 20, y: 10 },
    });
    expect(writtenStrokes(strokes, 0.75).tip).toEqual({ x: 20, y: 20 });
    expect(writtenStrokes(strokes, 1)).toEqual({ strokes, tip: null });
  });
});
