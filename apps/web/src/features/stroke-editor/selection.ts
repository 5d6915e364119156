import type { AnyPartId } from './edit-history';

/**
 * What is selected: strokes (by their place in the drawing shown), whole parts, and the part the
 * part controls act on (the last one clicked, or the part of the last stroke clicked).
 */
export interface Selection {
  strokes: ReadonlySet<number>;
  parts: ReadonlySet<AnyPartId>;
  focus: AnyPartId | null;
}

export const NOTHING_SELECTED: Selection = { strokes: new Set(), parts: new Set(), focus: null };

/**
 * The selection after a click or a lasso: `picked` alone, or added to what was selected
 * (`additive`, with Shift). A stroke or part picked again with Shift is let go.
 */
export function pick(
  selection: Selection,
  picked: { strokes?: readonly number[]; parts?: readonly AnyPartId[]; focus: AnyPartId | null },
  additive: boolean,
): Selection {
  const strokes = new Set(additive ? selection.strokes : []);
  const parts = new Set(additive ? selection.parts : []);
  const single = (picked.strokes?.length ?? 0) + (picked.parts?.length ?? 0) === 1;
  for (const stroke of picked.strokes ?? []) {
    if (additive && single && strokes.has(stroke)) strokes.delete(stroke);
    else strokes.add(stroke);
  }
  for (const part of picked.parts ?? []) {
    if (additive && single && parts.has(part)) parts.delete(part);
    else parts.add(part);
  }
  return { strokes, parts, focus: picked.focus ?? (additive ? selection.focus : null) };
}

export const isEmpty = (selection: Selection) =>
  selection.strokes.size === 0 && selection.parts.size === 0;

/**
 * Each stroke of the drawing shown, marked 1 when selected itself or through its part
 * (`strokePart[i]`: stroke i's part, an index into `parts`).
 */
export function selectedStrokes(
  selection: Selection,
  strokePart: Int32Array,
  parts: readonly AnyPartId[],
): Uint8Array {
  const marked = new Uint8Array(strokePart.length);
  const partMarked = parts.map((part) => selection.parts.has(part));
  for (let i = 0; i < strokePart.length; i++)
    if (selection.strokes.has(i) || partMarked[strokePart[i]!]) marked[i] = 1;
  return marked;
}
