import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORY_LIMITS, TEXT_MESSAGES, type TextBlock } from '@/lib/contract';
import { textBlock } from '@/test/text-block';
import { TextBlocksCard } from './text-blocks-card';

afterEach(cleanup);

/** The card over a scene's blocks as the workspace keeps them; `latest` is what it last sent. */
function renderCard(initial: TextBlock[] = [], parts?: string[]) {
  const sent: { latest: TextBlock[] } = { latest: initial };
  function Scene() {
    const [blocks, setBlocks] = useState(initial);
    return (
      <TextBlocksCard
        blocks={blocks}
        parts={parts}
        onChange={(next) => {
          sent.latest = next;
          setBlocks(next);
        }}
      />
    );
  }
  render(<Scene />);
  return sent;
}

const block = textBlock;

const card = () => screen.getByRole('region', { name: 'Text' });

describe('the text card', () => {
  it('adds a block and says, as the person types, what the hand cannot write', async () => {
    const sent = renderCard();
    await userEvent.click(within(card()).getByRole('button', { name: 'Add text' }));
    const text = screen.getByRole('textbox', { name: 'Text to write' });
    expect(screen.getByText(TEXT_MESSAGES.empty)).toBeTruthy();

    await userEvent.type(text, 'Größe 漢字✓');
    expect(sent.latest[0]!.text).toBe('Größe 漢字✓');
    expect(screen.queryByText(TEXT_MESSAGES.empty)).toBeNull();
    expect(screen.getByText(TEXT_MESSAGES.character(['漢', '字', '✓']))).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(text);
    await userEvent.type(text, 'Voilà, ça marche');
    expect(text.getAttribute('aria-invalid')).toBe('false');
    expect(within(card()).queryAllByText(/The hand cannot write|at most/)).toEqual([]);
  });

  it('says when a block has too many characters or lines', async () => {
    renderCard([block({ text: 'a'.repeat(STORY_LIMITS.maxTextLength) })]);
    const text = screen.getByRole('textbox', { name: 'Text to write' });
    expect(screen.queryByText(TEXT_MESSAGES.tooLong)).toBeNull();
    await userEvent.type(text, 'b');
    expect(screen.getByText(TEXT_MESSAGES.tooLong)).toBeTruthy();

    await userEvent.clear(text);
    await userEvent.type(text, 'one{Enter}two{Enter}three{Enter}four');
    expect(screen.queryByText(TEXT_MESSAGES.tooManyLines)).toBeNull();
    await userEvent.type(text, '{Enter}five');
    expect(screen.getByText(TEXT_MESSAGES.tooManyLines)).toBeTruthy();
  });

  it('moves size and rotation with the keys, a coarse step with Shift, the read-out following', async () => {
    const sent = renderCard([block()]);
    const size = screen.getByRole('slider', { name: 'Text size' });
    size.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(sent.latest[0]!.size).toBe(0.09);
    expect(size.getAttribute('aria-valuetext')).toBe('9.0%');
    await userEvent.keyboard('{End}');
    expect(sent.latest[0]!.size).toBe(STORY_LIMITS.textSize.max);

    const rotation = screen.getByRole('slider', { name: 'Text rotation' });
    rotation.focus();
    await userEvent.keyboard('{ArrowLeft}{Shift>}{ArrowLeft}{/Shift}');
    expect(sent.latest[0]!.rotation).toBe(-16);
    expect(screen.getByText('-16°')).toBeTruthy();
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(sent.latest[0]!.rotation).toBe(-180);
  });

  it('writes a block before the picture, after it, or after a part of the drawing', async () => {
    const sent = renderCard([block()], ['0.0', '1.0', 'added.1']);
    const when = screen.getByRole('combobox', { name: 'When it is written' });
    expect(
      within(when)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Before the picture',
      'After the picture',
      'After part 1 (Picture · 1/8)',
      'After part 2 (Zone 1 · 1/8)',
      'After part 3 (Your strokes 1)',
    ]);
    await userEvent.selectOptions(when, 'After part 2 (Zone 1 · 1/8)');
    expect(sent.latest[0]!.at).toBe('1.0');
    await userEvent.selectOptions(when, 'Before the picture');
    expect(sent.latest[0]!.at).toBe('before');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Handwriting' }), 'Cursive');
    expect(sent.latest[0]!.style).toBe('cursive');
  });

  it('keeps a part the drawing no longer has as the block’s choice', () => {
    renderCard([block({ at: '0.5' })], ['0.0']);
    const when = screen.getByRole<HTMLSelectElement>('combobox', { name: 'When it is written' });
    expect(when.selectedOptions[0]!.textContent).toBe('After Picture · 6/8');
  });

  it('deletes a block, and adds none past the limit', async () => {
    const full = Array.from({ length: STORY_LIMITS.maxTextBlocks }, (_, i) =>
      block({ id: `b${i}`, text: `Line ${i + 1}` }),
    );
    const sent = renderCard(full);
    const add = within(card()).getByRole('button', { name: 'Add text' });
    expect(add).toHaveProperty('disabled', true);
    expect(screen.getByText(TEXT_MESSAGES.tooManyBlocks)).toBeTruthy();

    const second = screen.getByRole('group', { name: 'Text 2' });
    await userEvent.click(within(second).getByRole('button', { name: 'Delete text' }));
    expect(sent.latest.map((b) => b.text)).toEqual([
      'Line 1',
      'Line 3',
      'Line 4',
      'Line 5',
      'Line 6',
    ]);
    expect(add).toHaveProperty('disabled', false);
  });
});
