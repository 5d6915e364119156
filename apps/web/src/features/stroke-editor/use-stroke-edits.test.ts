import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STROKE_EDIT_LIMITS, type AddedStroke } from '@/lib/contract';
import { useStrokeEdits } from './use-stroke-edits';

describe('useStrokeEdits', () => {
  it('stops taking strokes drawn by hand once they would be longer in all than the picture allows', () => {
    const picture = { width: 400, height: 300 };
    const [a, b]: AddedStroke['points'] = [
      [0, 0, 0.5],
      [400, 300, 0.5],
    ];
    const { result } = renderHook(() => useStrokeEdits());
    // Corner to corner, one diagonal a stroke, there and back: as many as the bound allows.
    const draw = (i: number) =>
      result.current.edit(
        { type: 'draw', stroke: { part: 'added.1', points: i % 2 ? [b!, a!] : [a!, b!] } },
        picture,
      );
    const fits = STROKE_EDIT_LIMITS.maxLengthInDiagonals;
    for (let i = 0; i < fits; i++) act(() => void expect(draw(i)).toBeNull());
    let refused: string | null = null;
    act(() => void (refused = draw(fits)));
    expect(refused).toMatch(
      /at most 200 times the picture's diagonal long in all \(100,000 pixels/,
    );
    expect(result.current.edits.added).toHaveLength(fits);
  });
});
