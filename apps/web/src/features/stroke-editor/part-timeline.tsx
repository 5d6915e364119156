import { useRef, useState, type PointerEvent } from 'react';
import { cn } from '@/lib/utils';
import type { AnyPartId } from './edit-history';
import { dropIndex, movePart, partLabel } from './part-order';
import { useClockFrame, type PlaybackClock } from './playback-clock';
import { VoiceRow, type TimelineVoice } from './voice-row';

/** A part on the timeline: its time in the drawing, and how it is shown. */
export interface TimelinePart {
  id: AnyPartId;
  /** When it starts, as a share of the drawing time, 0..1. */
  start: number;
  /** Its share of the drawing time, 0..1. */
  share: number;
  /** The zone's colour for a zone's part. */
  colour: string;
  selected: boolean;
  /** Removed whole: it keeps its place, struck through, and can be selected to restore it. */
  removed: boolean;
}

/** How much of a part the preview has drawn at `position` (0..1 of the drawing). */
const drawnShare = (part: Pick<TimelinePart, 'start' | 'share'>, position: number) =>
  part.share > 0
    ? Math.min(1, Math.max(0, (position - part.start) / part.share))
    : position > part.start
      ? 1
      : 0;

/** A pointer must move this far (px) before a press on a block becomes a drag. */
const DRAG_THRESHOLD = 5;
/** Near an end of the timeline (px), a drag scrolls it. */
const EDGE = 28;

interface Drag {
  part: AnyPartId;
  pointerId: number;
  startX: number;
  moved: boolean;
  index: number;
}

/**
 * The parts in drawing order, each a button as wide as its share of the drawing time. A click
 * selects (Shift adds); a block dragged left or right moves its part earlier or later. The track
 * scrolls inside itself on a narrow screen. While the preview shows, each part shows how much of
 * it is drawn. With a voice-over, the words said while each part is drawn show under it.
 */
export function PartTimeline({
  parts,
  progress,
  voice,
  onSelect,
  onMove,
}: {
  parts: readonly TimelinePart[];
  progress: { clock: PlaybackClock; drawFrames: number } | null | undefined;
  voice?: TimelineVoice | null;
  onSelect: (part: AnyPartId, additive: boolean) => void;
  /** A part dropped at `index` of the others. */
  onMove: (part: AnyPartId, index: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const blocks = useRef(new Map<AnyPartId, HTMLButtonElement>());
  const [drag, showDrag] = useState<Drag | null>(null);
  /**
   * The gesture as the handlers see it: pointer events can come faster than React renders, and a
   * handler of the last render would read a drag that had not moved yet.
   */
  const gesture = useRef<Drag | null>(null);
  const setDrag = (next: Drag | null) => {
    gesture.current = next;
    showDrag(next);
  };
  /** A drag ends with a click on the block: that click selects nothing. */
  const dragged = useRef(false);
  const order = parts.map((part) => part.id);

  const targetIndex = (part: AnyPartId, x: number) => {
    const centres = order
      .filter((id) => id !== part)
      .map((id) => {
        const rect = blocks.current.get(id)?.getBoundingClientRect();
        return rect ? rect.left + rect.width / 2 : 0;
      });
    return dropIndex(centres, x);
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const drag = gesture.current;
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.moved && Math.abs(event.clientX - drag.startX) < DRAG_THRESHOLD) return;
    const box = scroller.current?.getBoundingClientRect();
    // Past an end of the track, it scrolls on (a phone shows a few parts at a time).
    if (box && event.clientX < box.left + EDGE) scroller.current?.scrollBy({ left: -12 });
    if (box && event.clientX > box.right - EDGE) scroller.current?.scrollBy({ left: 12 });
    setDrag({ ...drag, moved: true, index: targetIndex(drag.part, event.clientX) });
  };

  const endDrag = (event: PointerEvent<HTMLButtonElement>, drop: boolean) => {
    const drag = gesture.current;
    if (!drag || event.pointerId !== drag.pointerId) return;
    setDrag(null);
    if (!drag.moved) return;
    dragged.current = true;
    const moved = movePart(order, drag.part, drag.index);
    if (drop && moved.some((id, i) => id !== order[i])) onMove(drag.part, drag.index);
  };

  // Where the dragged part would land: a marker before the block it would precede.
  const others = drag?.moved ? order.filter((id) => id !== drag.part) : [];
  const markerBefore = drag?.moved ? (others[drag.index] ?? null) : undefined;

  return (
    <div
      ref={scroller}
      role="group"
      aria-label="Drawing order"
      className="overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 p-2"
    >
      <div className="grid gap-1" style={{ minWidth: `${parts.length * 6.25}rem` }}>
        <div className="flex w-full gap-1">
          {parts.map((part) => (
            <button
              key={part.id}
              ref={(element) => {
                if (element) blocks.current.set(part.id, element);
                else blocks.current.delete(part.id);
              }}
              type="button"
              aria-pressed={part.selected}
              title={
                part.removed
                  ? `${partLabel(part.id)}: removed`
                  : `${partLabel(part.id)}: ${Math.round(part.share * 100)}% of the drawing time`
              }
              className={cn(
                'relative h-12 min-w-[6rem] cursor-grab touch-pan-y overflow-hidden rounded-md border-2 px-1.5 text-left text-xs font-medium text-slate-800 select-none focus-visible:ring-2 focus-visible:ring-ink-soft focus-visible:ring-offset-2 focus-visible:outline-none',
                part.selected ? 'border-rose-600 bg-rose-50' : 'border-transparent bg-white',
                drag?.moved && drag.part === part.id && 'opacity-50',
                markerBefore === part.id && 'shadow-[-4px_0_0_0_#e11d48]',
              )}
              style={{ flexGrow: Math.max(part.share, 0.001), flexBasis: 0 }}
              onPointerDown={(event) => {
                if (event.pointerType === 'mouse' && event.button !== 0) return;
                event.currentTarget.setPointerCapture?.(event.pointerId);
                setDrag({
                  part: part.id,
                  pointerId: event.pointerId,
                  startX: event.clientX,
                  moved: false,
                  index: order.indexOf(part.id),
                });
              }}
              onPointerMove={onPointerMove}
              onPointerUp={(event) => endDrag(event, true)}
              onPointerCancel={(event) => endDrag(event, false)}
              onClick={(event) => {
                if (dragged.current) {
                  dragged.current = false;
                  return;
                }
                onSelect(part.id, event.shiftKey);
              }}
            >
              <span
                aria-hidden="true"
                className="absolute inset-x-0 top-0 h-1.5"
                style={{ backgroundColor: part.colour }}
              />
              {progress && <DrawnBar part={part} {...progress} />}
              <span
                className={cn('block truncate pt-2', part.removed && 'text-slate-400 line-through')}
              >
                {partLabel(part.id)}
              </span>
              <span className="block truncate text-[0.65rem] text-slate-500">
                {part.removed ? (
                  'removed'
                ) : (
                  <span aria-hidden="true">{Math.round(part.share * 100)}%</span>
                )}
              </span>
            </button>
          ))}
          {drag?.moved && markerBefore === null && (
            <span aria-hidden="true" className="w-1 shrink-0 rounded bg-rose-600" />
          )}
        </div>
        {voice && <VoiceRow parts={parts} voice={voice} />}
      </div>
    </div>
  );
}

/** A bar along a part's block, as far as the preview has drawn it (follows the clock alone). */
function DrawnBar({
  part,
  clock,
  drawFrames,
}: {
  part: TimelinePart;
  clock: PlaybackClock;
  drawFrames: number;
}) {
  const position = (useClockFrame(clock) + 1) / drawFrames;
  return (
    <span
      aria-hidden="true"
      className="absolute bottom-0 left-0 h-1 bg-ink"
      style={{ width: `${drawnShare(part, position) * 100}%` }}
    />
  );
}
