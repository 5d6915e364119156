import { textPenRadius } from '@rasma/engine/outline';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TextBlock } from '@/lib/contract';
import { textBlock } from '@/test/text-block';
import { TextOverlay } from './text-overlay';

afterEach(cleanup);

const FRAME = { width: 640, height: 360 };

/** Capitals a tenth of the frame's height. */
const block = (change: Partial<TextBlock> = {}) => textBlock({ size: 0.1, ...change });

/** The points of each polyline the overlay draws, in frame pixels. */
const drawnStrokes = () =>
  [...document.querySelectorAll('polyline')].map((line) =>
    line
      .getAttribute('points')!
      .split(' ')
      .map((pair) => pair.split(',').map(Number) as [number, number]),
  );

function boxOf(strokes: [number, number][][]) {
  const points = strokes.flat();
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [left, right, top, bottom] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  return {
    width: right - left,
    height: bottom - top,
    centre: [(left + right) / 2, (top + bottom) / 2],
  };
}

const draw = (blocks: TextBlock[], onMove = vi.fn()) => {
  const view = render(<TextOverlay blocks={blocks} frame={FRAME} onMove={onMove} />);
  return { ...view, onMove };
};

describe('the text overlay', () => {
  it('draws the handwriting centred where the block is, moved with it, turned with it', () => {
    const { rerender } = draw([block()]);
    const at = drawnStrokes();
    expect(at.length).toBeGreaterThan(5); // H, e, l, l, o: a few strokes each
    const box = boxOf(at);
    // The letters' side bearings and the o's descent leave the ink a little off the centre.
    const capital = 0.1 * FRAME.height;
    expect(Math.abs(box.centre[0]! - 0.5 * FRAME.width)).toBeLessThan(capital / 4);
    expect(Math.abs(box.centre[1]! - 0.5 * FRAME.height)).toBeLessThan(capital / 4);
    expect(box.width).toBeGreaterThan(2 * box.height);
    // Capitals 10% of the frame's height: the H's first upright is 36 px high.
    const upright = at[0]!.map(([, y]) => y);
    expect(Math.max(...upright) - Math.min(...upright)).toBeCloseTo(capital, 0);

    rerender(<TextOverlay blocks={[block({ x: 0.7, y: 0.25 })]} frame={FRAME} onMove={vi.fn()} />);
    const moved = drawnStrokes();
    moved.flat().forEach(([x, y], i) => {
      const [x0, y0] = at.flat()[i]!;
      expect(x - x0).toBeCloseTo(0.2 * FRAME.width, 0);
      expect(y - y0).toBeCloseTo(-0.25 * FRAME.height, 0);
    });

    rerender(<TextOverlay blocks={[block({ rotation: 90 })]} frame={FRAME} onMove={vi.fn()} />);
    const turned = boxOf(drawnStrokes());
    expect(turned.height).toBeCloseTo(box.width, 0);
    expect(turned.width).toBeCloseTo(box.height, 0);
    // Clockwise: the word reads downwards, its first letter at the top.
    const firstY = drawnStrokes()[0]![0]![1];
    const lastY = drawnStrokes().at(-1)![0]![1];
    expect(firstY).toBeLessThan(lastY);
  });

  it("draws with the video's pen, in the frame's pixels: bolder for bigger text", () => {
    const { rerender } = draw([block({ size: 0.05 })]);
    const widths = () =>
      new Set(
        [...document.querySelectorAll('polyline')].map((line) => line.getAttribute('stroke-width')),
      );
    const small = 2 * textPenRadius(FRAME, 0.05);
    expect(widths()).toEqual(new Set([String(small)]));
    rerender(<TextOverlay blocks={[block({ size: 0.3 })]} frame={FRAME} onMove={vi.fn()} />);
    const big = 2 * textPenRadius(FRAME, 0.3);
    expect(widths()).toEqual(new Set([String(big)]));
    expect(big).toBeGreaterThan(2 * small);
  });

  it('moves the focused block with the arrow keys, further with Shift, and keeps it on the frame', async () => {
    const { onMove, rerender } = draw([block()]);
    const text = screen.getByRole('button', { name: 'Text 1 on the picture' });
    await userEvent.tab();
    expect(document.activeElement).toBe(text);
    expect(text.getAttribute('aria-pressed')).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    expect(onMove).toHaveBeenLastCalledWith('title', { x: 0.51, y: 0.5 });
    await userEvent.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(onMove).toHaveBeenLastCalledWith('title', { x: 0.5, y: 0.45 });

    rerender(<TextOverlay blocks={[block({ x: 0.995 })]} frame={FRAME} onMove={onMove} />);
    await userEvent.keyboard('{ArrowRight}');
    expect(onMove).toHaveBeenLastCalledWith('title', { x: 1, y: 0.5 });
  });

  it('drags a block by the share of the shown frame the pointer moved', () => {
    const { onMove, container } = draw([block({ id: 'a' }), block({ id: 'b', y: 0.8 })]);
    // The frame shown at half its size: 100 px on screen are 200 frame pixels.
    const svg = container.querySelector('svg')!;
    svg.getBoundingClientRect = () => DOMRect.fromRect({ x: 10, y: 20, width: 320, height: 180 });
    const second = screen.getByRole('button', { name: 'Text 2 on the picture' });
    fireEvent.pointerDown(second, { pointerId: 1, button: 0, clientX: 100, clientY: 150 });
    expect(second.getAttribute('aria-pressed')).toBe('true');
    fireEvent.pointerMove(second, { pointerId: 1, clientX: 132, clientY: 132 });
    expect(onMove).toHaveBeenLastCalledWith('b', { x: 0.6, y: 0.7 });
    fireEvent.pointerUp(second, { pointerId: 1 });
    fireEvent.pointerMove(second, { pointerId: 1, clientX: 300, clientY: 10 });
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('draws nothing for a block without text yet', () => {
    draw([block({ text: '  ' })]);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
