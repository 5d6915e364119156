import { STROKE_EDIT_LIMITS, type AddedStroke } from '@/lib/contract';

/** A pointer sample of a stroke drawn by hand, in the image's own pixels. */
export interface PenSample {
  x: number;
  y: number;
  /** 0..1 from the device; 0 when it gives none (a mouse between buttons, some screens). */
  pressure: number;
}

/** Samples closer than this (image pixels) to the last point kept add nothing to the line. */
const MIN_SPACING = 1;

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * A drawn stroke's points as the create call takes them: [x, y, pressure], samples that add
 * nothing dropped, at most the contract's points per stroke (evenly thinned, both ends kept), and
 * a tap made a dot (the same point twice).
 */
export function freehandPoints(samples: readonly PenSample[]): AddedStroke['points'] {
  const { defaultPressure, maxPointsPerStroke } = STROKE_EDIT_LIMITS;
  const points: AddedStroke['points'] = [];
  for (const [i, sample] of samples.entries()) {
    const last = points.at(-1);
    const isLast = i === samples.length - 1;
    if (last && !isLast && Math.hypot(sample.x - last[0], sample.y - last[1]) < MIN_SPACING)
      continue;
    const pressure = sample.pressure > 0 ? Math.min(1, sample.pressure) : defaultPressure;
    points.push([round(Math.max(0, sample.x)), round(Math.max(0, sample.y)), round(pressure)]);
  }
  const [first] = points;
  if (!first) return [];
  if (points.length === 1) return [first, first];
  if (points.length <= maxPointsPerStroke) return points;
  const step = (points.length - 1) / (maxPointsPerStroke - 1);
  return Array.from({ length: maxPointsPerStroke }, (_, k) => points[Math.round(k * step)]!);
}
