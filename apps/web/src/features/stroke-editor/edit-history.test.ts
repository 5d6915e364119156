import { describe, expect, it } from 'vitest';
import type { AddedStroke, DeletedStroke, StrokeEdits } from '@/lib/contract';
import {
  historyOf,
  historyReducer,
  NO_EDITS,
  pruneEdits,
  type EditHistory,
  type HistoryAction,
  type StrokeEdit,
} from './edit-history';

const DELETED: DeletedStroke = {
  part: '0.2',
  points: [
    [10, 10],
    [20, 12],
  ],
};
const DRAWN: AddedStroke = {
  part: 'added.1',
  points: [
    [5, 5, 0.5],
    [9, 7, 0.7],
  ],
};

const run = (actions: HistoryAction[], from: StrokeEdits = NO_EDITS): EditHistory =>
  actions.reduce(historyReducer, historyOf(from));

/** Each kind of edit, with the edits it leaves when made on none. */
const EDITS: { edit: StrokeEdit; after: StrokeEdits }[] = [
  { edit: { type: 'delete', deleted: [DELETED], addedRemoved: [] }, after: { deleted: [DELETED] } },
  { edit: { type: 'reorder', order: ['0.1', '0.0'] }, after: { order: ['0.1', '0.0'] } },
  {
    edit: { type: 'time-scale', part: '1.3', timeScale: 2 },
    after: { parts: { '1.3': { timeScale: 2 } } },
  },
  {
    edit: { type: 'direction', part: '0.4', direction: 'Bottom to top' },
    after: { parts: { '0.4': { direction: 'Bottom to top' } } },
  },
  {
    edit: { type: 'draw', stroke: DRAWN, order: ['0.0', 'added.1'] },
    after: { order: ['0.0', 'added.1'], added: [DRAWN] },
  },
];

describe('the stroke edits history', () => {
  it.each(EDITS)('makes, undoes and redoes a $edit.type edit', ({ edit, after }) => {
    const made = run([edit]);
    expect(made.present).toEqual(after);
    const undone = historyReducer(made, { type: 'undo' });
    expect(undone.present).toEqual(NO_EDITS);
    expect(historyReducer(undone, { type: 'redo' }).present).toEqual(after);
  });

  it('brings deleted strokes back by undo and by restoring their part', () => {
    const other: DeletedStroke = { part: '1.0', points: [[3, 4]] };
    const deleted = run([
      { type: 'delete', deleted: [DELETED], addedRemoved: [] },
      { type: 'delete', deleted: [other], addedRemoved: [] },
    ]);
    expect(deleted.present.deleted).toEqual([DELETED, other]);
    const restored = historyReducer(deleted, { type: 'restore', part: '0.2' });
    expect(restored.present.deleted).toEqual([other]);
    expect(historyReducer(restored, { type: 'undo' }).present.deleted).toEqual([DELETED, other]);
  });

  it('removes a whole part with the flag, dropping its strokes deleted before; undo and restore bring it back', () => {
    const sameZone: DeletedStroke = { part: '0.2', points: [[30, 31]] };
    const other: DeletedStroke = { part: '1.0', points: [[3, 4]] };
    const before = run([
      { type: 'time-scale', part: '0.2', timeScale: 2 },
      { type: 'delete', deleted: [DELETED, other], addedRemoved: [] },
    ]);
    const removed = historyReducer(before, {
      type: 'delete',
      removedParts: ['0.2'],
      deleted: [sameZone],
      addedRemoved: [],
    });
    // The part is flagged, not listed stroke by stroke: the create call sends the flag.
    expect(removed.present).toEqual({
      parts: { '0.2': { timeScale: 2, removed: true } },
      deleted: [other],
    });
    expect(historyReducer(removed, { type: 'undo' }).present).toEqual(before.present);
    const restored = historyReducer(removed, { type: 'restore', part: '0.2' });
    expect(restored.present).toEqual({ parts: { '0.2': { timeScale: 2 } }, deleted: [other] });
    const alone = run([{ type: 'delete', removedParts: ['0.5'], deleted: [], addedRemoved: [] }]);
    expect(alone.present).toEqual({ parts: { '0.5': { removed: true } } });
    expect(historyReducer(alone, { type: 'restore', part: '0.5' }).present).toEqual(NO_EDITS);
  });

  it('takes a hand-drawn part out of the order once its last stroke is deleted', () => {
    const drawn = run([
      { type: 'draw', stroke: DRAWN, order: ['added.1', '0.0'] },
      { type: 'time-scale', part: 'added.1', timeScale: 3 },
      { type: 'delete', deleted: [], addedRemoved: [0] },
    ]);
    expect(drawn.present).toEqual({ order: ['0.0'] });
    expect(historyReducer(drawn, { type: 'undo' }).present).toEqual({
      order: ['added.1', '0.0'],
      parts: { 'added.1': { timeScale: 3 } },
      added: [DRAWN],
    });
  });

  it("merges a slider's run of time changes of one part into one step", () => {
    const moved = run([
      { type: 'direction', part: '0.1', direction: 'Right to left' },
      { type: 'time-scale', part: '0.1', timeScale: 1.5 },
      { type: 'time-scale', part: '0.1', timeScale: 2 },
      { type: 'time-scale', part: '0.1', timeScale: 3 },
    ]);
    expect(moved.present.parts?.['0.1']).toEqual({ direction: 'Right to left', timeScale: 3 });
    const undone = historyReducer(moved, { type: 'undo' });
    expect(undone.present.parts?.['0.1']).toEqual({ direction: 'Right to left' });
  });

  it('forgets what was undone once a new edit is made, and undoes nothing past the start', () => {
    const branched = run([
      { type: 'reorder', order: ['0.1', '0.0'] },
      { type: 'undo' },
      { type: 'time-scale', part: '0.0', timeScale: 0.5 },
      { type: 'redo' },
    ]);
    expect(branched.present).toEqual({ parts: { '0.0': { timeScale: 0.5 } } });
    expect(run([{ type: 'undo' }, { type: 'undo' }]).present).toEqual(NO_EDITS);
  });

  it('starts afresh from saved edits with nothing to undo', () => {
    const saved: StrokeEdits = { order: ['0.1', '0.0'], deleted: [DELETED] };
    const reset = run([
      { type: 'reorder', order: ['0.0'] },
      { type: 'reset', edits: saved },
    ]);
    expect(reset.present).toEqual(saved);
    expect(historyReducer(reset, { type: 'undo' }).present).toEqual(saved);
  });
});

describe('edits of parts the drawing no longer has', () => {
  const exists = (part: string) => !part.startsWith('2.');
  const edits: StrokeEdits = {
    order: ['2.0', '0.0', 'added.1'],
    parts: { '2.1': { timeScale: 2 }, '0.0': { timeScale: 3 } },
    deleted: [{ ...DELETED, part: '2.3' }, DELETED],
    added: [DRAWN],
  };

  it('are dropped, and the rest kept', () => {
    expect(pruneEdits(edits, exists)).toEqual({
      dropped: true,
      edits: {
        order: ['0.0', 'added.1'],
        parts: { '0.0': { timeScale: 3 } },
        deleted: [DELETED],
        added: [DRAWN],
      },
    });
  });

  it('leave edits that all still match as they are', () => {
    const kept = { order: ['0.0'], deleted: [DELETED] } satisfies StrokeEdits;
    expect(pruneEdits(kept, exists)).toEqual({ edits: kept, dropped: false });
  });

  it('cannot come back by undo', () => {
    const pruned = run(
      [
        { type: 'reorder', order: ['2.0', '0.0'] },
        { type: 'prune', exists },
      ],
      edits,
    );
    expect(pruned.present.order).toEqual(['0.0']);
    expect(historyReducer(pruned, { type: 'undo' }).present.order).toEqual(['0.0', 'added.1']);
  });
});
