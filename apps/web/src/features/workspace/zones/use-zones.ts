import { useReducer } from 'react';
import type { Zone } from './zone';
import { zoneListReducer } from './zone-list';

const NO_ZONES: readonly Zone[] = [];

/**
 * The Special Zones of the image being edited (none, or those of a project opened again), and
 * `dispatch` to change them.
 */
export function useZones(initial: readonly Zone[] = NO_ZONES) {
  const [zones, dispatch] = useReducer(zoneListReducer, initial);
  return { zones, dispatch };
}

export type ZonesState = ReturnType<typeof useZones>;
