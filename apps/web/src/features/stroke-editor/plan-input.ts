import { useMemo } from 'react';
import { DRAWING_TIME } from '@/lib/contract';
import type { VideoSettings } from '@/features/workspace/settings/use-video-settings';
import type { Zone } from '@/features/workspace/zones/zone';
import type { StrokePlanInput } from './messages';

/** The long side of the copy the strokes are planned on: a wide screen's editor. */
const PLAN_LONG_SIDE = 960;

export type StrokePlanSettings = Pick<
  VideoSettings,
  'grayscaleLevel' | 'direction' | 'drawingTime' | 'hand'
>;

/** What the strokes of a picture with its zones and settings are planned from. */
export function strokePlanInput(
  image: Blob,
  zones: readonly Zone[],
  { grayscaleLevel, direction, drawingTime }: Omit<StrokePlanSettings, 'hand'>,
): StrokePlanInput {
  return {
    image,
    longSide: PLAN_LONG_SIDE,
    zones: zones.map(({ points, brushSize, fillLevel, direction: zoneDirection }) => ({
      points,
      brushSize,
      fillLevel,
      direction: zoneDirection,
    })),
    settings: { grayscaleLevel, direction, drawingTime: drawingTime ?? DRAWING_TIME.default },
  };
}

/** What the strokes are planned from; a new object only when one of its parts changes. */
export function useStrokePlanInput(
  image: Blob,
  zones: readonly Zone[],
  { grayscaleLevel, direction, drawingTime }: StrokePlanSettings,
): StrokePlanInput {
  return useMemo<StrokePlanInput>(
    () => strokePlanInput(image, zones, { grayscaleLevel, direction, drawingTime }),
    [image, zones, grayscaleLevel, direction, drawingTime],
  );
}
