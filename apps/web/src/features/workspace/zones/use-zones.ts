import { useReducer } from 'react';
import type { Zone } from './zone';
import { zoneListReducer } from './zone-list';

const NO_ZONES: readonly Zone[] = [];

/** The Special Zones of the image being edited, and `dispatch` to change them. */
export function useZones() {
  const [zones, dispatch] = useReducer(zoneListReducer, NO_ZONES);
  return { zones, dispatch };
}

export type ZonesState = ReturnType<typeof useZones>;
