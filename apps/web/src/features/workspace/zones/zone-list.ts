import type { Zone, ZoneSettings } from './zone';

export type ZoneListAction =
  | { type: 'add'; zone: Zone }
  | { type: 'change'; id: string; settings: ZoneSettings }
  | { type: 'move'; id: string; by: -1 | 1 }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

/** The zone list, in drawing order: zones are added last, moved one place, changed or removed. */
export function zoneListReducer(zones: readonly Zone[], action: ZoneListAction): readonly Zone[] {
  switch (action.type) {
    case 'add':
      return [...zones, action.zone];
    case 'change':
      return zones.map((zone) => (zone.id === action.id ? { ...zone, ...action.settings } : zone));
    case 'move':
      return moveZone(zones, action.id, action.by);
    case 'remove':
      return zones.filter((zone) => zone.id !== action.id);
    case 'clear':
      return [];
  }
}

function moveZone(zones: readonly Zone[], id: string, by: -1 | 1): readonly Zone[] {
  const from = zones.findIndex((zone) => zone.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= zones.length) return zones;
  const moved = [...zones];
  [moved[from], moved[to]] = [moved[to] as Zone, moved[from] as Zone];
  return moved;
}
