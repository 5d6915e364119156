import { describe, expect, it } from 'vitest';
import { newZone, type Zone } from './zone';
import { zoneListReducer } from './zone-list';

const zone = (id: string): Zone => ({ ...newZone([{ x: 1, y: 2 }], 20, []), id });
const ids = (zones: readonly Zone[]) => zones.map((z) => z.id);
const three = [zone('a'), zone('b'), zone('c')];

describe('the zone list', () => {
  it('adds a painted zone last, with the default direction and fill and a timestamp id', () => {
    const painted = newZone([{ x: 5, y: 6 }], 40, [], 1_700_000_000_123);
    const zones = zoneListReducer(three, { type: 'add', zone: painted });
    expect(ids(zones)).toEqual(['a', 'b', 'c', '1700000000123']);
    expect(painted).toEqual({
      id: '1700000000123',
      colour: '#4f46e5',
      points: [{ x: 5, y: 6 }],
      brushSize: 40,
      direction: 'Left to right',
      fillLevel: 50,
    });
  });

  it('keeps a painted path simplified, to a hundredth of a pixel, so saved states stay small', () => {
    const stroke = Array.from({ length: 300 }, (_, i) => ({ x: 10 + i / 3, y: 20.123456 + i / 7 }));
    expect(newZone(stroke, 20, []).points).toEqual([
      { x: 10, y: 20.12 },
      { x: 109.67, y: 62.84 },
    ]);
  });

  it('gives each new zone a colour no zone has, so a zone keeps its colour when moved', () => {
    let zones: readonly Zone[] = [];
    for (let i = 0; i < 3; i++) {
      zones = zoneListReducer(zones, { type: 'add', zone: newZone([], 20, zones, i) });
    }
    const colourOf = (list: readonly Zone[]) =>
      Object.fromEntries(list.map((z) => [z.id, z.colour]));
    expect(new Set(zones.map((z) => z.colour)).size).toBe(3);
    const moved = zoneListReducer(zones, { type: 'move', id: '2', by: -1 });
    expect(colourOf(moved)).toEqual(colourOf(zones));
    // A removed zone's colour goes to the next zone painted.
    const removed = zoneListReducer(zones, { type: 'remove', id: '0' });
    expect(newZone([], 20, removed).colour).toBe(zones[0]?.colour);
  });

  it('moves a zone one place up or down', () => {
    expect(ids(zoneListReducer(three, { type: 'move', id: 'b', by: -1 }))).toEqual(['b', 'a', 'c']);
    expect(ids(zoneListReducer(three, { type: 'move', id: 'b', by: 1 }))).toEqual(['a', 'c', 'b']);
    expect(ids(zoneListReducer(three, { type: 'move', id: 'c', by: -1 }))).toEqual(['a', 'c', 'b']);
  });

  it('leaves the first zone first and the last one last', () => {
    expect(zoneListReducer(three, { type: 'move', id: 'a', by: -1 })).toBe(three);
    expect(zoneListReducer(three, { type: 'move', id: 'c', by: 1 })).toBe(three);
  });

  it('removes one zone, or all', () => {
    expect(ids(zoneListReducer(three, { type: 'remove', id: 'b' }))).toEqual(['a', 'c']);
    expect(zoneListReducer(three, { type: 'clear' })).toEqual([]);
  });

  it("changes one zone's direction or fill and no other's", () => {
    const zones = zoneListReducer(three, {
      type: 'change',
      id: 'b',
      settings: { direction: 'Bottom to top', fillLevel: 85 },
    });
    expect(zones.map((z) => [z.direction, z.fillLevel])).toEqual([
      ['Left to right', 50],
      ['Bottom to top', 85],
      ['Left to right', 50],
    ]);
  });
});
