import type { AddedStroke, DeletedStroke, Direction, PartId, StrokeEdits } from '@/lib/contract';

/** A part of the drawing: a band of a group ("1.3"), or strokes drawn by hand ("added.1"). */
export type AnyPartId = string;

/** One change a person makes to the strokes: each is one step of undo. */
export type StrokeEdit =
  /**
   * Planned parts removed whole, planned strokes deleted, and strokes drawn by hand taken away
   * (indices into `added`).
   */
  | {
      type: 'delete';
      removedParts?: readonly PartId[];
      deleted: readonly DeletedStroke[];
      addedRemoved: readonly number[];
    }
  /** The planned strokes deleted from a part come back, and the part when it was removed. */
  | { type: 'restore'; part: PartId }
  /** The parts in a new drawing order (all of them). */
  | { type: 'reorder'; order: readonly AnyPartId[] }
  | { type: 'time-scale'; part: AnyPartId; timeScale: number }
  | { type: 'direction'; part: AnyPartId; direction: Direction }
  /** A stroke drawn by hand; `order` places its part when it is the part's first stroke. */
  | { type: 'draw'; stroke: AddedStroke; order?: readonly AnyPartId[] };

export type HistoryAction =
  | StrokeEdit
  | { type: 'undo' }
  | { type: 'redo' }
  /** Starts afresh from `edits` (a project reopened), with no history. */
  | { type: 'reset'; edits: StrokeEdits }
  /** Drops, in every step, the edits of parts the drawing no longer has (no step of its own). */
  | { type: 'prune'; exists: (part: AnyPartId) => boolean };

export interface EditHistory {
  past: readonly StrokeEdits[];
  present: StrokeEdits;
  future: readonly StrokeEdits[];
  /** Consecutive changes of one part's time share are one step: the slider moves in many. */
  mergeKey: string | null;
}

/** Steps of undo kept. */
export const HISTORY_DEPTH = 100;

export const NO_EDITS: StrokeEdits = {};

export const historyOf = (edits: StrokeEdits): EditHistory => ({
  past: [],
  present: edits,
  future: [],
  mergeKey: null,
});

/** `edits` without empty lists and maps: nothing left is `{}`, which sends nothing. */
function tidy(edits: StrokeEdits): StrokeEdits {
  const tidied: StrokeEdits = {};
  if (edits.order?.length) tidied.order = edits.order;
  const parts = Object.entries(edits.parts ?? {}).filter(
    ([, edit]) =>
      edit.timeScale !== undefined || edit.direction !== undefined || edit.removed !== undefined,
  );
  if (parts.length) tidied.parts = Object.fromEntries(parts);
  if (edits.deleted?.length) tidied.deleted = edits.deleted;
  if (edits.added?.length) tidied.added = edits.added;
  return tidied;
}

function withPartEdit(
  edits: StrokeEdits,
  part: AnyPartId,
  change: { timeScale?: number; direction?: Direction; removed?: true | undefined },
): StrokeEdits {
  const merged = { ...edits.parts?.[part], ...change };
  // A part at its planned share, or not removed, needs no entry for it.
  if (merged.timeScale === 1) delete merged.timeScale;
  if (merged.removed === undefined) delete merged.removed;
  return { ...edits, parts: { ...edits.parts, [part]: merged } };
}

/** The edits after one change. */
export function applyEdit(edits: StrokeEdits, edit: StrokeEdit): StrokeEdits {
  switch (edit.type) {
    case 'delete': {
      const removed = new Set(edit.addedRemoved);
      const added = (edits.added ?? []).filter((_, i) => !removed.has(i));
      // A part of hand-drawn strokes with none left is gone from the order and the settings.
      const alive = new Set(added.map((stroke) => stroke.part));
      const gone = (part: string) =>
        (edits.added ?? []).some((s) => s.part === part) && !alive.has(part);
      // A part removed whole needs none of its strokes listed.
      const whole = new Set(edit.removedParts);
      const parts = Object.entries(edits.parts ?? {}).filter(([p]) => !gone(p));
      for (const part of whole) parts.push([part, { ...edits.parts?.[part], removed: true }]);
      return tidy({
        ...edits,
        order: edits.order?.filter((part) => !gone(part)),
        parts: Object.fromEntries(parts),
        deleted: [...(edits.deleted ?? []), ...edit.deleted].filter((s) => !whole.has(s.part)),
        added,
      });
    }
    case 'restore':
      return tidy({
        ...withPartEdit(edits, edit.part, { removed: undefined }),
        deleted: edits.deleted?.filter((s) => s.part !== edit.part),
      });
    case 'reorder':
      return tidy({ ...edits, order: [...edit.order] });
    case 'time-scale':
      return tidy(withPartEdit(edits, edit.part, { timeScale: edit.timeScale }));
    case 'direction':
      return tidy(withPartEdit(edits, edit.part, { direction: edit.direction }));
    case 'draw':
      return tidy({
        ...edits,
        order: edit.order ? [...edit.order] : edits.order,
        added: [...(edits.added ?? []), edit.stroke],
      });
  }
}

/** Only the edits of parts that `exists` (hand-drawn parts exist while they have strokes). */
export function pruneEdits(
  edits: StrokeEdits,
  exists: (part: AnyPartId) => boolean,
): { edits: StrokeEdits; dropped: boolean } {
  const order = edits.order?.filter(exists);
  const parts = Object.entries(edits.parts ?? {}).filter(([part]) => exists(part));
  const deleted = edits.deleted?.filter((stroke) => exists(stroke.part));
  const dropped =
    (order?.length ?? 0) !== (edits.order?.length ?? 0) ||
    parts.length !== Object.keys(edits.parts ?? {}).length ||
    (deleted?.length ?? 0) !== (edits.deleted?.length ?? 0);
  if (!dropped) return { edits, dropped };
  return { edits: tidy({ ...edits, order, parts: Object.fromEntries(parts), deleted }), dropped };
}

/** The edits' history: each edit a step, undone and redone in turn. */
export function historyReducer(state: EditHistory, action: HistoryAction): EditHistory {
  switch (action.type) {
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        mergeKey: null,
      };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future, mergeKey: null };
    }
    case 'reset':
      return historyOf(tidy(action.edits));
    case 'prune': {
      const keep = (edits: StrokeEdits) => pruneEdits(edits, action.exists).edits;
      return {
        past: state.past.map(keep),
        present: keep(state.present),
        future: state.future.map(keep),
        mergeKey: state.mergeKey,
      };
    }
    case 'delete':
    case 'restore':
    case 'reorder':
    case 'time-scale':
    case 'direction':
    case 'draw': {
      const present = applyEdit(state.present, action);
      const mergeKey = action.type === 'time-scale' ? `time-scale ${action.part}` : null;
      if (mergeKey !== null && mergeKey === state.mergeKey)
        return { ...state, present, future: [] };
      return {
        past: [...state.past, state.present].slice(-HISTORY_DEPTH),
        present,
        future: [],
        mergeKey,
      };
    }
  }
}
