import { describe, expect, it } from 'vitest';
import { columnPeaks, keptPeaks, PEAKS_PER_SECOND, peaksOf } from './peaks';

const RATE = 8000;
const PER_PEAK = RATE / PEAKS_PER_SECOND;

/** Silence `seconds` long with a click of `value` at each of `clicks` (seconds). */
function clicks(seconds: number, at: [number, number][]): Float32Array {
  const samples = new Float32Array(seconds * RATE);
  for (const [time, value] of at) samples[Math.round(time * RATE)] = value;
  return samples;
}

describe('peaksOf', () => {
  it('keeps the loudest sample of each 20 ms, of either sign, over every channel', () => {
    const left = clicks(1, [[0.1, 0.5]]);
    const right = clicks(1, [
      [0.1, -0.8],
      [0.95, 0.25],
    ]);
    const peaks = peaksOf([left, right], RATE);
    expect(peaks).toHaveLength(PEAKS_PER_SECOND);
    expect(peaks[Math.floor((0.1 * RATE) / PER_PEAK)]).toBeCloseTo(0.8);
    expect(peaks[Math.floor((0.95 * RATE) / PER_PEAK)]).toBeCloseTo(0.25);
    expect(peaks.filter((peak) => peak > 0)).toHaveLength(2);
  });

  it('counts a last, partial stretch', () => {
    expect(peaksOf([new Float32Array(PER_PEAK * 3 + 1)], RATE)).toHaveLength(4);
  });
});

describe('columnPeaks', () => {
  const peaks = peaksOf(
    [
      clicks(4, [
        [0.5, 0.3],
        [2.5, 0.9],
      ]),
    ],
    RATE,
  );

  it('shows each column as the loudest peak it covers', () => {
    const columns = columnPeaks(peaks, 0, 4, 4);
    expect(Array.from(columns, (c) => Number(c.toFixed(2)))).toEqual([0.3, 0, 0.9, 0]);
  });

  it('shows a stretch of the file, silent past its end', () => {
    const columns = columnPeaks(peaks, 2, 6, 4);
    expect(Array.from(columns, (c) => Number(c.toFixed(2)))).toEqual([0.9, 0, 0, 0]);
  });

  it("cuts a clip's kept part, its first peak at the clip's start", () => {
    const kept = keptPeaks(peaks, 2, 1);
    expect(kept).toHaveLength(PEAKS_PER_SECOND);
    expect(Math.max(...kept)).toBeCloseTo(0.9);
    expect(kept.indexOf(Math.max(...kept)) / PEAKS_PER_SECOND).toBeCloseTo(0.5, 1);
  });
});
