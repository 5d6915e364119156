import { useMemo } from 'react';
import type { AudioSettings, ProjectState, ProjectStateInput, StrokeEdits } from '@/lib/contract';
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
  /** The audio card's settings; undefined while the project has never had a track. */
  audio: AudioSettings | undefined;
}

/**
 * The state to save, made anew only when something in it changed: a new object is a change to
 * save. A drawing time being typed (the field empty) is left out, and saved once it is a number.
 */
export function useProjectState({ zones, settings, inverted, edits, audio }: ProjectWork) {
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
      ...(audio && { audio }),
    }),
    [zones, direction, grayscaleLevel, aiModel, drawingTime, shape, hand, inverted, edits, audio],
  );
}

/** A saved project's zones as the workspace keeps them: each with a colour of its own. */
export function zonesOf(state: Pick<ProjectState, 'zones'>): Zone[] {
  const zones: Zone[] = [];
  for (const zone of state.zones) {
    zones.push({ ...zone, colour: zone.colour ?? nextZoneColour(zones) });
  }
  return zones;
}
