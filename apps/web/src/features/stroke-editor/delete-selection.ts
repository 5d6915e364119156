import {
  isAddedPartId,
  STROKE_EDIT_LIMITS,
  strokeEditPointCount,
  type DeletedStroke,
  type PartId,
  type StrokeEdits,
} from '@/lib/contract';
import type { StrokeEdit } from './edit-history';

/** A part of the drawing shown: its strokes are `first` .. `first + strokes - 1`. */
export interface ShownPart {
  id: string;
  first: number;
  strokes: number;
}

export type DeleteEdit = Extract<StrokeEdit, { type: 'delete' }>;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * What Delete does with the selected strokes (`marked[i]` 1: stroke i of the drawing shown): a
 * planned part whose every stroke is selected is removed whole, the other selected planned
 * strokes are deleted one by one (`centreLine` gives a stroke's line in image pixels), and the
 * selected strokes drawn by hand are taken away. Null when that changes nothing; `refusal` says
 * why when the strokes deleted one by one would pass the contract's limits.
 */
export function deletionOf(
  parts: readonly ShownPart[],
  marked: Uint8Array,
  edits: StrokeEdits,
  centreLine: (stroke: number) => DeletedStroke['points'],
): { edit: DeleteEdit } | { refusal: string } | null {
  const removedParts: PartId[] = [];
  const single: { part: PartId; stroke: number }[] = [];
  const addedRemoved: number[] = [];
  // The k-th stroke of a hand-drawn part is the k-th of that part in the edits' list.
  const addedIndices = new Map<string, number[]>();
  (edits.added ?? []).forEach((stroke, i) => {
    addedIndices.set(stroke.part, [...(addedIndices.get(stroke.part) ?? []), i]);
  });
  for (const part of parts) {
    const strokes = marked.subarray(part.first, part.first + part.strokes);
    if (!strokes.includes(1)) continue;
    if (isAddedPartId(part.id)) {
      strokes.forEach((flag, k) => {
        const index = addedIndices.get(part.id)?.[k];
        if (flag === 1 && index !== undefined) addedRemoved.push(index);
      });
    } else if (!strokes.includes(0)) {
      removedParts.push(part.id);
    } else {
      strokes.forEach(
        (flag, k) => flag === 1 && single.push({ part: part.id, stroke: part.first + k }),
      );
    }
  }
  if (removedParts.length + single.length + addedRemoved.length === 0) return null;

  // The parts removed now take their strokes deleted before off the list.
  const whole = new Set(removedParts);
  const before = (edits.deleted ?? []).filter((stroke) => !whole.has(stroke.part)).length;
  const { maxDeleted, maxPoints, maxParts } = STROKE_EDIT_LIMITS;
  const partsEdited = new Set([...Object.keys(edits.parts ?? {}), ...removedParts]).size;
  if (partsEdited > maxParts)
    return {
      refusal:
        `${count(removedParts.length)} parts are selected whole, and a drawing can have at most ` +
        `${count(maxParts)} parts removed or given a time or direction (${count(partsEdited)} ` +
        'with these). Select fewer parts.',
    };
  if (before + single.length > maxDeleted) {
    const earlier = before > 0 ? `, with the ${count(before)} deleted before,` : '';
    return {
      refusal:
        `${count(single.length)} strokes are selected in parts not selected whole${earlier} ` +
        `and a drawing can leave out at most ${count(maxDeleted)} strokes one by one. ` +
        'Select a whole part (click it on the timeline) to remove it with all its strokes.',
    };
  }
  const deleted = single.map(({ part, stroke }) => ({ part, points: centreLine(stroke) }));
  const edit: DeleteEdit = { type: 'delete', removedParts, deleted, addedRemoved };
  const points = strokeEditPointCount({
    deleted: [...(edits.deleted ?? []).filter((stroke) => !whole.has(stroke.part)), ...deleted],
    added: (edits.added ?? []).filter((_, i) => !addedRemoved.includes(i)),
  });
  if (points > maxPoints)
    return {
      refusal:
        `The strokes deleted one by one and drawn by hand would have ${count(points)} points ` +
        `in all, and a drawing can hold at most ${count(maxPoints)}. ` +
        'Select a whole part (click it on the timeline) to remove it with all its strokes.',
    };
  return { edit };
}
