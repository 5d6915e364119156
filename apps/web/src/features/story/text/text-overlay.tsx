import { handwritingStrokes, type Point } from '@rasma/engine/outline';
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Size } from '@/features/workspace/canvas/coordinates';
import type { TextBlock } from '@/lib/contract';
import { cn } from '@/lib/utils';
import { TEXT_INK, textPenWidth } from '../text-ink';
import { keyMove, movedBy, type BlockPosition } from './block-moves';

/** Room around a block's ink that still picks it up (frame pixels). */
const HIT_MARGIN = 6;

interface Drag {
  id: string;
  pointerId: number;
  from: Point;
  start: BlockPosition;
}

/** A block's strokes and the box around them. */
function laidOut(block: TextBlock, frame: Size) {
  const strokes = handwritingStrokes(block, frame);
  const points = strokes.flat();
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const box =
    points.length > 0
      ? {
          left: Math.min(...xs),
          top: Math.min(...ys),
          right: Math.max(...xs),
          bottom: Math.max(...ys),
        }
      : null;
  return { block, strokes, box };
}

/**
 * The scene's text blocks as the hand will write them, over the picture: each one's handwriting
 * where the video writes it (the engine's strokes, in an SVG the frame's size). A block is
 * selected while it has the focus (a click or Tab gives it), and moved by dragging or with the
 * arrow keys (Shift: further).
 */
export function TextOverlay({
  blocks,
  frame,
  onMove,
}: {
  blocks: readonly TextBlock[];
  /** The frame the overlay covers, in pixels (its proportions are the video's). */
  frame: Size;
  onMove: (id: string, position: BlockPosition) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const drag = useRef<Drag | null>(null);
  const shown = useMemo(
    () => blocks.filter((block) => block.text.trim() !== '').map((block) => laidOut(block, frame)),
    [blocks, frame],
  );

  const shownSize = () => {
    const rect = svg.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? rect : null;
  };
  const onPointerDown = (block: TextBlock) => (event: PointerEvent<SVGGElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    drag.current = {
      id: block.id,
      pointerId: event.pointerId,
      from: { x: event.clientX, y: event.clientY },
      start: { x: block.x, y: block.y },
    };
  };
  const onPointerMove = (event: PointerEvent<SVGGElement>) => {
    const current = drag.current;
    const size = shownSize();
    if (!current || current.pointerId !== event.pointerId || !size) return;
    const by = {
      x: (event.clientX - current.from.x) / size.width,
      y: (event.clientY - current.from.y) / size.height,
    };
    onMove(current.id, movedBy(current.start, by));
  };
  const endDrag = (event: PointerEvent<SVGGElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const onKeyDown = (block: TextBlock) => (event: KeyboardEvent<SVGGElement>) => {
    const position = keyMove(event.key, event.shiftKey, block);
    if (!position) return;
    event.preventDefault();
    onMove(block.id, position);
  };

  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      className="pointer-events-none absolute inset-0 h-full w-full touch-none overflow-visible"
    >
      {shown.map(({ block, strokes, box }, index) => (
        <g
          key={block.id}
          role="button"
          tabIndex={0}
          aria-label={`Text ${index + 1} on the picture`}
          aria-pressed={selected === block.id}
          data-block={block.id}
          className="pointer-events-auto cursor-move outline-none"
          onPointerDown={onPointerDown(block)}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onFocus={() => setSelected(block.id)}
          onBlur={() => setSelected(null)}
          onKeyDown={onKeyDown(block)}
        >
          {box && (
            <rect
              x={box.left - HIT_MARGIN}
              y={box.top - HIT_MARGIN}
              width={box.right - box.left + 2 * HIT_MARGIN}
              height={box.bottom - box.top + 2 * HIT_MARGIN}
              className={cn(
                'fill-transparent',
                selected === block.id ? 'stroke-rose-600' : 'stroke-transparent',
              )}
              strokeDasharray="6 4"
              vectorEffect="non-scaling-stroke"
            />
          )}
          {strokes.map((stroke, i) => (
            <polyline
              key={i}
              points={stroke.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
              fill="none"
              stroke={TEXT_INK}
              strokeWidth={textPenWidth(frame, block.size)}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ))}
        </g>
      ))}
    </svg>
  );
}
