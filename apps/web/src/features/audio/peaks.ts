/**
 * A track's waveform: the loudest sample of each 20 ms, over all its channels (0..1). Kept instead
 * of the decoded samples: 5 minutes are 15,000 numbers.
 */
export const PEAKS_PER_SECOND = 50;

/** The peaks of decoded channels at `sampleRate`. */
export function peaksOf(channels: readonly Float32Array[], sampleRate: number): Float32Array {
  const length = channels[0]?.length ?? 0;
  const perPeak = sampleRate / PEAKS_PER_SECOND;
  const peaks = new Float32Array(Math.ceil(length / perPeak));
  for (const samples of channels) {
    for (let i = 0; i < length; i++) {
      const peak = Math.floor(i / perPeak);
      const value = Math.abs(samples[i]!);
      if (value > peaks[peak]!) peaks[peak] = Math.min(1, value);
    }
  }
  return peaks;
}

/**
 * The waveform between `from` and `to` seconds of the file, in `columns` columns: each the
 * loudest peak it covers (0 before the file's start or after its end).
 */
export function columnPeaks(
  peaks: Float32Array,
  from: number,
  to: number,
  columns: number,
): Float32Array {
  const shown = new Float32Array(columns);
  const perColumn = ((to - from) * PEAKS_PER_SECOND) / columns;
  for (let c = 0; c < columns; c++) {
    const first = Math.max(0, Math.floor(from * PEAKS_PER_SECOND + c * perColumn));
    const last = Math.min(peaks.length, Math.ceil(from * PEAKS_PER_SECOND + (c + 1) * perColumn));
    for (let p = first; p < last; p++) if (peaks[p]! > shown[c]!) shown[c] = peaks[p]!;
  }
  return shown;
}

/** The peaks of a clip's kept part, the first at its start. */
export function keptPeaks(
  peaks: Float32Array,
  trimStart: number,
  keptSeconds: number,
): Float32Array {
  const first = Math.floor(trimStart * PEAKS_PER_SECOND);
  return peaks.subarray(first, first + Math.ceil(keptSeconds * PEAKS_PER_SECOND));
}
