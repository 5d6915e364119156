import type { Point } from '@/lib/contract';
import { useEffect, useMemo, useRef, type PointerEvent } from 'react';
import { toImagePoint, type Size } from '@/features/workspace/canvas/coordinates';
import type { PenSample } from './freehand';
import { paintStrokes } from './paint-strokes';
import type { StrokeIndex } from './stroke-index';

export type Tool = 'select' | 'draw';

/** A click this close to a stroke (screen pixels) picks it. */
const HIT_TOLERANCE = 6;
/** A press that moves this far (screen pixels) draws a lasso instead of clicking. */
const LASSO_THRESHOLD = 4;

interface Gesture {
  pointerId: number;
  start: { x: number; y: number };
  /** Screen points relative to the canvas's corner. */
  path: Point[];
  samples: PenSample[];
  lasso: boolean;
  additive: boolean;
}

/**
 * The strokes the video will draw, over the faded image. With the select tool a click picks the
 * nearest stroke and a drag draws a lasso around strokes (Shift adds to the selection); with the
 * draw tool a mouse, finger or pen draws a new stroke. The path being drawn is shown in an SVG
 * layer moved directly, so a drawing hand never waits for React.
 */
export function StrokeCanvas({
  picture,
  source,
  inkStroke,
  marked,
  index,
  tool,
  onPick,
  onDraw,
}: {
  /** The drawing's size (the screen-sized copy's). */
  picture: Size;
  /** The image's own size: drawn strokes are sent in its pixels. */
  source: Size;
  inkStroke: Int32Array;
  marked: Uint8Array;
  index: StrokeIndex;
  tool: Tool;
  onPick: (strokes: number[], additive: boolean) => void;
  onDraw: (samples: PenSample[]) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const path = useRef<SVGPolylineElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const image = useMemo(
    () => new ImageData(picture.width, picture.height),
    [picture.width, picture.height],
  );

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    paintStrokes(image, inkStroke, marked);
    if (element.width !== picture.width) element.width = picture.width;
    if (element.height !== picture.height) element.height = picture.height;
    element.getContext('2d')?.putImageData(image, 0, 0);
  }, [image, inkStroke, marked, picture.width, picture.height]);

  const showPath = (points: readonly Point[], rect: DOMRect) => {
    path.current?.setAttribute(
      'points',
      points.map((p) => `${(p.x / rect.width) * 100},${(p.y / rect.height) * 100}`).join(' '),
    );
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const rect = event.currentTarget.getBoundingClientRect();
    const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
    gesture.current = {
      pointerId: event.pointerId,
      start: at,
      path: [at],
      samples: [sampleOf(event, rect, source)],
      lasso: false,
      additive: event.shiftKey,
    };
    if (tool === 'draw') showPath([at], rect);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const rect = event.currentTarget.getBoundingClientRect();
    // Every position the browser saw since the last event, for a smooth path.
    const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const pointer of coalesced.length > 0 ? coalesced : [event.nativeEvent]) {
      current.path.push({ x: pointer.clientX - rect.left, y: pointer.clientY - rect.top });
      current.samples.push(sampleOf(pointer, rect, source));
    }
    const last = current.path.at(-1)!;
    if (
      tool === 'select' &&
      !current.lasso &&
      Math.hypot(last.x - current.start.x, last.y - current.start.y) >= LASSO_THRESHOLD
    )
      current.lasso = true;
    if (tool === 'draw' || current.lasso) showPath(current.path, rect);
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>, cancelled: boolean) => {
    const done = gesture.current;
    if (!done || done.pointerId !== event.pointerId) return;
    gesture.current = null;
    path.current?.setAttribute('points', '');
    if (cancelled) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const toPicture = (p: Point) => ({
      x: (p.x * picture.width) / rect.width,
      y: (p.y * picture.height) / rect.height,
    });
    if (tool === 'draw') onDraw(done.samples);
    else if (done.lasso) onPick(index.lasso(done.path.map(toPicture)), done.additive);
    else {
      const hit = index.hit(toPicture(done.start), (HIT_TOLERANCE * picture.width) / rect.width);
      onPick(hit < 0 ? [] : [hit], done.additive);
    }
  };

  return (
    <>
      <canvas
        ref={canvas}
        aria-label="Strokes"
        className={
          'absolute inset-0 h-full w-full touch-none rounded-lg ' +
          (tool === 'draw' ? 'cursor-crosshair' : 'cursor-pointer')
        }
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => onPointerEnd(event, false)}
        onPointerCancel={(event) => onPointerEnd(event, true)}
      />
      <svg
        aria-hidden="true"
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        className="pointer-events-none absolute inset-0 h-full w-full"
      >
        <polyline
          ref={path}
          fill={tool === 'draw' ? 'none' : 'rgba(225, 29, 72, 0.08)'}
          stroke={tool === 'draw' ? '#4f46e5' : '#e11d48'}
          strokeWidth={2}
          strokeDasharray={tool === 'draw' ? undefined : '4 3'}
          vectorEffect="non-scaling-stroke"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
    </>
  );
}

/** A pointer's place in the image's own pixels, with its pressure. */
function sampleOf(
  pointer: { clientX: number; clientY: number; pressure: number },
  rect: DOMRect,
  source: Size,
): PenSample {
  const at = toImagePoint({ x: pointer.clientX, y: pointer.clientY }, rect, source);
  return { ...at, pressure: pointer.pressure };
}
