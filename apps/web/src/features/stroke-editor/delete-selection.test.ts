import { describe, expect, it, vi } from 'vitest';
import {
  STROKE_EDIT_LIMITS,
  strokeEditsSchema,
  type AddedStroke,
  type DeletedStroke,
  type StrokeEdits,
} from '@/lib/contract';
import { deletionOf, type ShownPart } from './delete-selection';
import { applyEdit, NO_EDITS } from './edit-history';

const DRAWN: AddedStroke[] = [0, 1].map((i) => ({
  part: 'added.1',
  points: [
    [i, 5, 0.5],
    [i + 9, 7, 0.5],
  ],
}));
const line = (stroke: number): DeletedStroke['points'] => [[stroke, stroke]];

/** The parts one after another, each with its number of strokes. */
function partsOf(sizes: [string, number][]): ShownPart[] {
  let first = 0;
  return sizes.map(([id, strokes]) => {
    const part = { id, first, strokes };
    first += strokes;
    return part;
  });
}

/** Strokes marked selected: `ranges` of [first, count]. */
function marks(total: number, ...ranges: [number, number][]): Uint8Array {
  const marked = new Uint8Array(total);
  for (const [first, n] of ranges) marked.fill(1, first, first + n);
  return marked;
}

describe('Delete on a selection', () => {
  it('removes a part whose every stroke is selected with the flag, and lists the strokes of a part selected in part', () => {
    const parts = partsOf([
      ['0.0', 3],
      ['0.1', 2],
      ['added.1', 2],
    ]);
    const deletion = deletionOf(parts, marks(7, [0, 4], [6, 1]), { added: DRAWN }, line);
    expect(deletion).toEqual({
      edit: {
        type: 'delete',
        removedParts: ['0.0'],
        deleted: [{ part: '0.1', points: [[3, 3]] }],
        addedRemoved: [1],
      },
    });
  });

  it('removes two hatched parts of 4,209 strokes in all: the create call takes it', () => {
    const parts = partsOf([
      ['0.2', 40],
      ['0.3', 2200],
      ['0.4', 2009],
    ]);
    const centreLine = vi.fn(line);
    const deletion = deletionOf(parts, marks(4249, [40, 4209]), NO_EDITS, centreLine);
    expect(deletion).toMatchObject({ edit: { removedParts: ['0.3', '0.4'], deleted: [] } });
    expect(centreLine).not.toHaveBeenCalled();
    const edits = applyEdit(NO_EDITS, (deletion as { edit: Parameters<typeof applyEdit>[1] }).edit);
    expect(strokeEditsSchema.safeParse(edits).success).toBe(true);
    expect(edits).toEqual({ parts: { '0.3': { removed: true }, '0.4': { removed: true } } });
  });

  it('says in words why a lasso over too many strokes of parts selected in part is refused', () => {
    const { maxDeleted } = STROKE_EDIT_LIMITS;
    const parts = partsOf([
      ['1.0', maxDeleted],
      ['1.1', 10],
    ]);
    const centreLine = vi.fn(line);
    // All but one stroke of the first part, and one of the second: as many as may be deleted.
    const marked = marks(maxDeleted + 10, [0, maxDeleted - 1], [maxDeleted, 1]);
    const earlier: StrokeEdits = { deleted: [{ part: '0.0', points: [[1, 1]] }] };
    const allowed = deletionOf(parts, marked, NO_EDITS, centreLine);
    expect(allowed && 'edit' in allowed && allowed.edit.deleted).toHaveLength(maxDeleted);
    const refused = deletionOf(parts, marked, earlier, centreLine);
    expect(refused).toEqual({
      refusal:
        '2,000 strokes are selected in parts not selected whole, with the 1 deleted before, and a ' +
        'drawing can leave out at most 2,000 strokes one by one. Select a whole part (click it on ' +
        'the timeline) to remove it with all its strokes.',
    });
  });

  it('says in words why strokes with too many points in all are refused', () => {
    const parts = partsOf([['0.0', 60]]);
    const long = (): DeletedStroke['points'] =>
      Array.from({ length: STROKE_EDIT_LIMITS.maxPointsPerStroke }, (_, i) => [i, i]);
    expect(deletionOf(parts, marks(60, [0, 59]), NO_EDITS, long)).toEqual({
      refusal:
        'The strokes deleted one by one and drawn by hand would have 59,000 points in all, and a ' +
        'drawing can hold at most 50,000. Select a whole part (click it on the timeline) to ' +
        'remove it with all its strokes.',
    });
  });

  it('says in words why removing more parts than the edits may name is refused', () => {
    // 26 zones of 8 parts, one stroke each, all selected.
    const parts = partsOf(
      Array.from({ length: 208 }, (_, i) => [`${1 + Math.floor(i / 8)}.${i % 8}`, 1]),
    );
    expect(deletionOf(parts, marks(208, [0, 208]), NO_EDITS, line)).toEqual({
      refusal:
        '208 parts are selected whole, and a drawing can have at most 200 parts removed or ' +
        'given a time or direction (208 with these). Select fewer parts.',
    });
  });

  it('changes nothing for a selection of a part already removed', () => {
    const parts = partsOf([
      ['0.0', 0],
      ['0.1', 2],
    ]);
    expect(deletionOf(parts, marks(2), { parts: { '0.0': { removed: true } } }, line)).toBeNull();
  });
});
