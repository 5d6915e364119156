import { isAddedPartId } from '@/lib/contract';
import type { Zone } from '@/features/workspace/zones/zone';
import type { StrokeView } from './messages';
import type { TimelinePart } from './part-timeline';
import type { Selection } from './selection';

/** Colours of the parts that are not a zone's: the rest of the picture, and your strokes. */
const PICTURE_COLOUR = '#94a3b8';
const DRAWN_COLOUR = '#0f172a';

/**
 * The drawing's parts as the timeline shows them: their share of the drawing time, the colour of
 * their zone, selected themselves or through one of their strokes (`marked`).
 */
export function timelinePartsOf(
  view: StrokeView,
  zones: readonly Zone[],
  selection: Selection,
  marked: Uint8Array | null,
): TimelinePart[] {
  const total = view.parts.at(-1)?.end || 1;
  return view.parts.map(({ id, ...part }) => ({
    id,
    start: part.start / total,
    share: (part.end - part.start) / total,
    colour:
      part.group > 0
        ? (zones[part.group - 1]?.colour ?? PICTURE_COLOUR)
        : isAddedPartId(id)
          ? DRAWN_COLOUR
          : PICTURE_COLOUR,
    selected:
      selection.parts.has(id) ||
      (marked?.subarray(part.first, part.first + part.strokes).includes(1) ?? false),
    removed: part.removed === true,
  }));
}
