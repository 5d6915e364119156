import { orderPartIds } from '@rasma/engine/outline';
import { describe, expect, it } from 'vitest';
import type { AddedStroke } from '@/lib/contract';
import type { AnyPartId } from './edit-history';
import {
  drawingOrder,
  dropIndex,
  insertPart,
  movePart,
  nextAddedPart,
  partLabel,
} from './part-order';

const ORDER: AnyPartId[] = ['1.0', '1.1', '0.0', '0.1', 'added.1'];

describe('the drawing order after a drag', () => {
  // The blocks' centres on screen, left to right, as the timeline lays them out.
  const CENTRES = [40, 120, 200, 280, 360];
  const drop = (part: AnyPartId, x: number) =>
    movePart(
      ORDER,
      part,
      dropIndex(
        CENTRES.filter((_, i) => ORDER[i] !== part),
        x,
      ),
    );

  it('puts a part dragged to the front first', () => {
    expect(drop('0.1', 10)).toEqual(['0.1', '1.0', '1.1', '0.0', 'added.1']);
  });

  it('puts a part dragged past later blocks after them', () => {
    expect(drop('1.0', 210)).toEqual(['1.1', '0.0', '1.0', '0.1', 'added.1']);
    expect(drop('1.1', 500)).toEqual(['1.0', '0.0', '0.1', 'added.1', '1.1']);
  });

  it('leaves the order as it was for a part dropped where it was', () => {
    expect(drop('0.0', 190)).toEqual(ORDER);
    expect(drop('0.0', 210)).toEqual(ORDER);
  });

  it('moves a hand-drawn part like any other', () => {
    expect(drop('added.1', 100)).toEqual(['1.0', 'added.1', '1.1', '0.0', '0.1']);
  });
});

describe('the order a move sends', () => {
  const PLANNED = ['0.0', '0.1', '0.2', '0.3'];
  const drawn = (part: AnyPartId): AddedStroke => ({
    part,
    points: [
      [1, 1, 0.5],
      [9, 9, 0.5],
    ],
  });

  it('names every part, so a part moved to the front is drawn first', () => {
    // Edits whose order names some parts only (as an older editor saved them): 0.0 is not named.
    const edits = { order: ['0.3', '0.1'], added: [drawn('added.2'), drawn('added.1')] };
    const before = drawingOrder(PLANNED, edits);
    // As the engine draws them: a part not named after its default predecessor.
    expect(before).toEqual(['0.0', '0.3', 'added.1', 'added.2', '0.1', '0.2']);
    const sent = movePart(before, '0.2', 0);
    expect(sent).toEqual(['0.2', '0.0', '0.3', 'added.1', 'added.2', '0.1']);
    const all = [...PLANNED, 'added.1', 'added.2'];
    expect(orderPartIds(all, sent)).toEqual(sent);
    // Moved within the named parts alone, the first part (not named) would stay first.
    expect(orderPartIds(all, movePart(edits.order, '0.2', 0))[0]).toBe('0.0');
  });
});

describe('a new part of strokes drawn by hand', () => {
  it('joins the order after the selected part, or at the end', () => {
    expect(insertPart(ORDER, 'added.2', '1.1')).toEqual([
      '1.0',
      '1.1',
      'added.2',
      '0.0',
      '0.1',
      'added.1',
    ]);
    expect(insertPart(ORDER, 'added.2', null)).toEqual([...ORDER, 'added.2']);
  });

  it('takes the next free number', () => {
    expect(nextAddedPart(ORDER)).toBe('added.2');
    expect(nextAddedPart(['0.0'])).toBe('added.1');
  });
});

describe('part names', () => {
  it('say what a part is', () => {
    expect(partLabel('1.2')).toBe('Zone 1 · 3/8');
    expect(partLabel('0.4')).toBe('Picture · 5/8');
    expect(partLabel('added.1')).toBe('Your strokes 1');
  });
});
