import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HAND, HAND_LABELS, type Hand } from '@/lib/contract';
import { HandSelect } from './hand-select';

afterEach(cleanup);

function Picker() {
  const [hand, setHand] = useState<Hand>(DEFAULT_HAND);
  return <HandSelect value={hand} onChange={setHand} />;
}

/** The picture on the tile of `hand`. */
const preview = (hand: Hand) =>
  screen.getByRole('radio', { name: HAND_LABELS[hand] }).closest('label')!.querySelector('svg')!;

describe('What draws', () => {
  it('shows each hand as the engine draws it: three skin tones, the pen alone, nothing', () => {
    render(<Picker />);
    const skins = (['hand', 'hand-medium', 'hand-dark'] as const).map((hand) => {
      const art = preview(hand).innerHTML;
      expect(art, hand).toContain('pen"');
      // The skin's first colour: the highlight of the back of the hand.
      return /id="[\w-]*skinBack"[\s\S]*?stop-color="(#[0-9a-f]{6})"/.exec(art)![1];
    });
    expect(new Set(skins).size).toBe(3);
    // Each tile is painted with its own gradients: an id names one element of the page only.
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
    expect(preview('pen').innerHTML).toContain('pen"');
    expect(preview('pen').innerHTML).not.toContain('skinBack)');
    expect(preview('none').innerHTML).toBe('');
  });

  it('is picked with a click (the arrow keys: e2e, the browser moves between radios)', async () => {
    render(<Picker />);
    const radio = (hand: Hand) =>
      screen.getByRole<HTMLInputElement>('radio', { name: HAND_LABELS[hand] });
    expect(radio('hand').checked).toBe(true);
    await userEvent.click(radio('hand-medium'));
    expect(radio('hand-medium').checked).toBe(true);
    expect(radio('hand').checked).toBe(false);
  });
});
