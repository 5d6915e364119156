import { describe, expect, it } from 'vitest';
import { drawingTimeSeconds, isAcceptedDrawingTimeEntry } from './drawing-time';

describe('the drawing time', () => {
  it('is a whole number of seconds from 1 to 100', () => {
    expect(drawingTimeSeconds('1')).toBe(1);
    expect(drawingTimeSeconds('15')).toBe(15);
    expect(drawingTimeSeconds('100')).toBe(100);
  });

  it('is missing when empty, out of range or not a whole number', () => {
    for (const entry of ['', '0', '101', '2.5', '-3', '1e2', ' 5', 'ten']) {
      expect(drawingTimeSeconds(entry)).toBeNull();
    }
  });

  it('takes a cleared field (to type anew) but no out-of-range entry', () => {
    expect(isAcceptedDrawingTimeEntry('')).toBe(true);
    expect(isAcceptedDrawingTimeEntry('42')).toBe(true);
    expect(isAcceptedDrawingTimeEntry('0')).toBe(false);
    expect(isAcceptedDrawingTimeEntry('150')).toBe(false);
    expect(isAcceptedDrawingTimeEntry('4.5')).toBe(false);
  });
});
