import { useMemo } from 'react';
import type { ProjectState, ProjectStateInput, StrokeEdits } from '@/lib/contract';
import type { VideoSettings } from '../settings/use-video-settings';
import { nextZoneColour, type Zone } from '../zones/zone';

/** What of the workspace a project keeps besides its image. */
export interface ProjectWork {
  zones: readonly Zone[];
  settings: Pick<
    VideoSettings,
    'direction' | 'grayscaleLevel' | 'aiModel' | 'drawingTime' | 'shape' | 'hand'
  >;
  inverted: boolean;
  edits: StrokeEdits | undefined;
}

/**
 * The state to save, made anew only when something in it changed: a new object is a change to
 * save. A drawing time being typed (the field empty) is left out, and saved once it is a number.
 */
export function useProjectState({ zones, settings, inverted, edits }: ProjectWork) {
  const { direction, grayscaleLevel, aiModel, drawingTime, shape, hand } = settings;
  return useMemo(
    (): ProjectStateInput => ({
      zones: [...zones],
      settings: {
        direction,
        grayscaleLevel,
        aiModel,
        ...(drawingTime === null ? {} : { drawingTime }),
        shape,
        hand,
      },
      inverted,
      edits,
    }),
    [zones, direction, grayscaleLevel, aiModel, drawingTime, shape, hand, inverted, edits],
  );
}

/** A saved project's zones as the workspace keeps them: each with a colour of its own. */
export function zonesOf(state: ProjectState): Zone[] {
  const zones: Zone[] = [];
  for (const zone of state.zones) {
    zones.push({ ...zone, colour: zone.colour ?? nextZoneColour(zones) });
  }
  return zones;
}
