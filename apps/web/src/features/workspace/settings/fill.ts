import { FILL_LEVEL, GRAYSCALE_LEVEL } from '@/lib/contract';

/** The fill slider (0-100 %, steps of 5) as the grayscale level the server takes (0-255). */
export const fillToGrayscale = (fill: number): number =>
  Math.round((fill * GRAYSCALE_LEVEL.max) / FILL_LEVEL.max);

/** A grayscale level (0-255) as the slider's nearest step (128 shows as 50 %). */
export const grayscaleToFill = (level: number): number =>
  Math.round((level * FILL_LEVEL.max) / GRAYSCALE_LEVEL.max / FILL_LEVEL.step) * FILL_LEVEL.step;
