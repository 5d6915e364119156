import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '@/test/render-app';
import { newZone, type Zone } from './zone';
import { zoneListReducer } from './zone-list';
import { ZonesCard } from './zones-card';

afterEach(cleanup);

/** Three zones told apart by their direction. */
const ZONES: Zone[] = (['Left to right', 'Top to bottom', 'Bottom to top'] as const).map(
  (direction, i) => ({ ...newZone([{ x: i, y: i }], 20, [], i + 1), direction }),
);

function Harness() {
  const [zones, dispatch] = useReducer(zoneListReducer, ZONES);
  return <ZonesCard zones={zones} dispatch={dispatch} brushSize={20} onBrushSize={() => {}} />;
}

const zoneList = () => within(screen.getByRole('list', { name: 'Special Zones' }));
/** Each listed zone's direction, in list order. */
const directions = () =>
  zoneList()
    .getAllByRole('combobox')
    .map((select) => (select as HTMLSelectElement).value);

describe('the Special Zones list', () => {
  it('lists the zones in drawing order, numbered', () => {
    renderInApp(<Harness />);
    expect(
      zoneList()
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Zone 1', 'Zone 2', 'Zone 3']);
    expect(directions()).toEqual(['Left to right', 'Top to bottom', 'Bottom to top']);
  });

  it('moves a zone up or down, never past the ends', async () => {
    renderInApp(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Move Zone 3 up' }));
    expect(directions()).toEqual(['Left to right', 'Bottom to top', 'Top to bottom']);
    await userEvent.click(screen.getByRole('button', { name: 'Move Zone 1 down' }));
    expect(directions()).toEqual(['Bottom to top', 'Left to right', 'Top to bottom']);
    expect(screen.getByRole('button', { name: 'Move Zone 1 up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Zone 3 down' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it("changes one zone's direction", async () => {
    renderInApp(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Zone 2 direction'), 'Right to left');
    expect(directions()).toEqual(['Left to right', 'Right to left', 'Bottom to top']);
  });

  it('deletes one zone, then removes them all', async () => {
    renderInApp(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Zone 2' }));
    expect(directions()).toEqual(['Left to right', 'Bottom to top']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove All' }));
    expect(screen.queryByRole('list', { name: 'Special Zones' })).toBeNull();
    expect(screen.getByText(/No zones yet/)).toBeTruthy();
  });
});
