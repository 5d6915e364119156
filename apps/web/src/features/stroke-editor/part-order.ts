import { orderPartIds } from '@rasma/engine/outline';
import { isAddedPartId, PART_BANDS, parsePartId, type StrokeEdits } from '@/lib/contract';
import type { AnyPartId } from './edit-history';

/**
 * Every part of the drawing, in the order the video draws them with `edits`: the planned parts
 * (`planned`, in their default order) and the hand-drawn ones, ordered as the engine orders them.
 * A move starts from this, so the order it sends names every part: one it left out would keep
 * its place after its predecessor, and an unnamed first part would stay first.
 */
export function drawingOrder(planned: readonly AnyPartId[], edits: StrokeEdits): AnyPartId[] {
  const handDrawn = [...new Set((edits.added ?? []).map((stroke) => stroke.part))];
  handDrawn.sort((a, b) => addedPartNumber(a) - addedPartNumber(b));
  return orderPartIds([...planned, ...handDrawn], edits.order ?? []);
}

/** `order` with `part` taken out and put back at `index` of what is left. */
export function movePart(order: readonly AnyPartId[], part: AnyPartId, index: number): AnyPartId[] {
  const others = order.filter((id) => id !== part);
  const at = Math.min(others.length, Math.max(0, index));
  return [...others.slice(0, at), part, ...others.slice(at)];
}

/**
 * Where a part dragged to `x` lands among the other parts (their blocks' centres, left to right):
 * after every block whose centre it has passed.
 */
export function dropIndex(otherCentres: readonly number[], x: number): number {
  return otherCentres.filter((centre) => centre < x).length;
}

/** The number of a hand-drawn part ("added.3" is 3). */
export const addedPartNumber = (part: AnyPartId) => Number(part.slice('added.'.length));

/** How a part is named to a person: "Zone 1 · 3/8", "Picture · 5/8", "Your strokes 1". */
export function partLabel(part: AnyPartId): string {
  if (isAddedPartId(part)) return `Your strokes ${addedPartNumber(part)}`;
  const planned = parsePartId(part);
  if (!planned) return part;
  const slice = `${planned.band + 1}/${PART_BANDS}`;
  return planned.group === 0 ? `Picture · ${slice}` : `Zone ${planned.group} · ${slice}`;
}

/** The first hand-drawn part number no part has yet. */
export function nextAddedPart(parts: readonly AnyPartId[]): AnyPartId {
  const taken = parts.filter(isAddedPartId).map(addedPartNumber);
  return `added.${Math.max(0, ...taken) + 1}`;
}

/** `order` with a new part placed right after `after`, or at the end without one. */
export function insertPart(
  order: readonly AnyPartId[],
  part: AnyPartId,
  after: AnyPartId | null,
): AnyPartId[] {
  const at = after === null ? -1 : order.indexOf(after);
  return at < 0 ? [...order, part] : [...order.slice(0, at + 1), part, ...order.slice(at + 1)];
}
