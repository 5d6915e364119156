/**
 * Parts of the drawing: the strokes of one band of one group (`orderStrokes` draws them together,
 * so a part is a segment of the timeline), named `"group.band"`; strokes drawn by hand are parts
 * `"added.n"`. The ids come from the contract, which checks them in a create call. Pure.
 */
import { partIdOf } from '@rasma/contract/stroke-edit-limits';
import { KIND } from './hatch.js';

export { parsePartId, isAddedPartId, PART_BANDS } from '@rasma/contract/stroke-edit-limits';

/** The group of the parts drawn by hand (their band is their n). */
export const ADDED_GROUP = -1;

/** What a stroke draws, as the editor names it (cross-hatching is hatching). */
export type StrokeKindName = 'contour' | 'detail' | 'hatch';

export interface PlanPart {
  id: string;
  /** 0 the picture outside the zones, i zone i (list order); `ADDED_GROUP` for strokes drawn by hand. */
  group: number;
  /** Band 0..7 along the group's direction; n for part `added.n`. */
  band: number;
  /** How many strokes it draws. */
  strokes: number;
}

export function kindName(kind: number | undefined): StrokeKindName {
  return kind === undefined || kind === KIND.contour
    ? 'contour'
    : kind === KIND.detail
      ? 'detail'
      : 'hatch';
}

export function kindOfName(name: StrokeKindName): number {
  return KIND[name];
}

/** The parts of strokes in drawing order (each stroke's group and band): each run, in turn. */
export function partsInOrder(
  strokes: readonly { group: number }[],
  bands: ArrayLike<number>,
): PlanPart[] {
  const parts: PlanPart[] = [];
  let last: PlanPart | undefined;
  strokes.forEach(({ group }, i) => {
    const band = bands[i]!;
    if (last?.group === group && last.band === band) last.strokes++;
    else {
      last = { id: partIdOf(group, band), group, band, strokes: 1 };
      parts.push(last);
    }
  });
  return parts;
}

/**
 * Part ids in the order the edits name them (`StrokeEdits.order`); a part they do not name keeps
 * its place after its default predecessor (the first part, unnamed, stays first). Ids not among
 * `defaults` are ignored.
 */
export function orderPartIds(defaults: readonly string[], order: readonly string[]): string[] {
  const known = new Set(defaults);
  const named = order.filter((id, i) => known.has(id) && order.indexOf(id) === i);
  const isNamed = new Set(named);
  // A linked list from a head (''), so each unnamed part goes in right after its predecessor.
  const next = new Map<string, string | undefined>();
  let tail = '';
  for (const id of named) {
    next.set(tail, id);
    tail = id;
  }
  next.set(tail, undefined);
  let previous = '';
  for (const id of defaults) {
    if (!isNamed.has(id)) {
      next.set(id, next.get(previous));
      next.set(previous, id);
    }
    previous = id;
  }
  const out: string[] = [];
  for (let id = next.get(''); id !== undefined; id = next.get(id)) out.push(id);
  return out;
}
