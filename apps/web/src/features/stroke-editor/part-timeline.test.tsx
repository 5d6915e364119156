import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartTimeline, type TimelinePart } from './part-timeline';

afterEach(cleanup);

const part = (id: string, start: number, share: number, removed = false): TimelinePart => ({
  id,
  start,
  share,
  colour: '#94a3b8',
  selected: false,
  removed,
});

describe('the timeline', () => {
  it('keeps a removed part in its place, named and marked removed, and lets it be selected', async () => {
    const onSelect = vi.fn();
    render(
      <PartTimeline
        parts={[part('0.0', 0, 0.6), part('0.1', 0.6, 0, true), part('0.2', 0.6, 0.4)]}
        progress={null}
        onSelect={onSelect}
        onMove={() => {}}
      />,
    );
    const blocks = screen.getAllByRole('button');
    expect(blocks.map((block) => block.textContent)).toEqual([
      'Picture · 1/860%',
      'Picture · 2/8removed',
      'Picture · 3/840%',
    ]);
    const removed = blocks[1]!;
    expect(removed.title).toBe('Picture · 2/8: removed');
    expect(removed.querySelector('.line-through')?.textContent).toBe('Picture · 2/8');
    await userEvent.click(removed);
    expect(onSelect).toHaveBeenCalledWith('0.1', false);
  });
});
