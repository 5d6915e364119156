import { AUDIO_LIMITS } from '@/lib/contract';

/** The kept part of a file, in seconds of it (`end` absent: the file's end). */
export interface Trim {
  trimStart: number;
  trimEnd?: number | undefined;
}

export type TrimHandle = 'start' | 'end';

/** A handle moves by this much per arrow key, and `BIG_STEP` with Shift or Page Up/Down. */
const TRIM_STEP = 0.1;
const BIG_TRIM_STEP = 1;

/** Hundredths of a second: finer than anyone trims by ear, and short to save. */
const hundredths = (seconds: number) => Math.round(seconds * 100) / 100;

/** Where the kept part ends, in seconds of the file. */
export const trimEndOf = (trim: Trim, fileSeconds: number) =>
  Math.min(trim.trimEnd ?? fileSeconds, fileSeconds);

/**
 * The trim with one handle moved to `seconds`: kept inside the file, and the kept part at least
 * `AUDIO_LIMITS.minSeconds` long (shorter is a click, not a track). An end at the file's end is
 * saved as none, so the whole file plays.
 */
export function moveTrimHandle(
  trim: Trim,
  handle: TrimHandle,
  seconds: number,
  fileSeconds: number,
): Trim {
  const shortest = Math.min(AUDIO_LIMITS.minSeconds, fileSeconds);
  const end = trimEndOf(trim, fileSeconds);
  if (handle === 'start') {
    const start = hundredths(Math.min(Math.max(0, seconds), end - shortest));
    return { ...trim, trimStart: Math.max(0, start) };
  }
  const moved = hundredths(Math.max(Math.min(fileSeconds, seconds), trim.trimStart + shortest));
  return { ...trim, trimEnd: moved >= fileSeconds ? undefined : moved };
}

/** Where a key sends a handle (seconds of the file), or null for a key the handle ignores. */
export function trimHandleTarget(
  trim: Trim,
  handle: TrimHandle,
  key: string,
  shiftKey: boolean,
  fileSeconds: number,
): number | null {
  const at = handle === 'start' ? trim.trimStart : trimEndOf(trim, fileSeconds);
  const step = shiftKey ? BIG_TRIM_STEP : TRIM_STEP;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return at - step;
    case 'ArrowRight':
    case 'ArrowUp':
      return at + step;
    case 'PageDown':
      return at - BIG_TRIM_STEP;
    case 'PageUp':
      return at + BIG_TRIM_STEP;
    case 'Home':
      return 0;
    case 'End':
      return fileSeconds;
    default:
      return null;
  }
}
