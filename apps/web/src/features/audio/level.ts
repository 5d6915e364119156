/** The quietest level the meter shows (dBFS): below it, the meter is empty. */
export const METER_FLOOR_DB = -60;

/** A block of samples' loudness for a level meter, 0..1: its RMS in dBFS, from the floor to 0 dB. */
export function levelOf(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  if (rms === 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, 1 - db / METER_FLOOR_DB));
}

/** Seconds as a clock shows them: "0:07", "1:32". */
export function clockTime(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
