import { describe, expect, it } from 'vitest';
import { clockTime, levelOf, METER_FLOOR_DB } from './level';

describe('the level meter', () => {
  it('is empty for silence, full for a full-scale square wave, half way at half the floor', () => {
    expect(levelOf(new Float32Array(128))).toBe(0);
    expect(levelOf(new Float32Array(128).map((_, i) => (i % 2 ? 1 : -1)))).toBe(1);
    const halfway = 10 ** (METER_FLOOR_DB / 2 / 20);
    expect(levelOf(new Float32Array(128).fill(halfway))).toBeCloseTo(0.5);
  });

  it('shows the time recorded as minutes and seconds', () => {
    expect(clockTime(7.9)).toBe('0:07');
    expect(clockTime(92)).toBe('1:32');
  });
});
