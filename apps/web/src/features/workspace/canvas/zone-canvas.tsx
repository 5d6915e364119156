import type { Point } from '@rasma/contract';
import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { Zone } from '../zones/zone';
import { toImageBrushSize, toImagePoint, type Size } from './coordinates';
import { drawZones } from './draw-zones';

interface Painting {
  points: Point[];
  brushSize: number;
}

/**
 * The canvas over the image where Special Zones are painted with a mouse, pen or finger (touch
 * action off, so a phone paints instead of scrolling). Pointer down starts a zone, moves extend it,
 * up or leaving the image ends it. A circle of the brush's size follows the pointer.
 */
export function ZoneCanvas({
  natural,
  zones,
  brushSize,
  onPaint,
}: {
  natural: Size;
  zones: readonly Zone[];
  /** The brush's width on screen. */
  brushSize: number;
  onPaint: (points: Point[], brushSize: number) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const outlineRef = useRef<HTMLDivElement>(null);
  const painting = useRef<Painting | null>(null);
  const shown = useShownSize(canvasRef);

  const redraw = () => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !shown) return;
    const pixelRatio = window.devicePixelRatio || 1;
    const width = Math.round(shown.width * pixelRatio);
    const height = Math.round(shown.height * pixelRatio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    drawZones(context, {
      zones,
      painting: painting.current,
      scale: shown.width / natural.width,
      pixelRatio,
    });
  };
  // Redrawn whenever the zones or the shown size change; pointer moves redraw directly.
  useEffect(redraw);

  const pointAt = (pointer: { clientX: number; clientY: number }, shownRect: DOMRect) =>
    toImagePoint({ x: pointer.clientX, y: pointer.clientY }, shownRect, natural);

  const moveOutline = (event: PointerEvent<HTMLCanvasElement>) => {
    const outline = outlineRef.current;
    if (!outline) return;
    const rect = event.currentTarget.getBoundingClientRect();
    outline.style.transform = `translate(${event.clientX - rect.left}px, ${event.clientY - rect.top}px)`;
    outline.style.opacity = '1';
  };

  const finish = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.type !== 'pointerup' || event.pointerType !== 'mouse') {
      if (outlineRef.current) outlineRef.current.style.opacity = '0';
    }
    const done = painting.current;
    painting.current = null;
    if (done) onPaint(done.points, done.brushSize);
  };

  return (
    <div className="absolute inset-0 overflow-hidden rounded-lg">
      <canvas
        ref={canvasRef}
        aria-label="Special Zones canvas: paint on the image to add a zone"
        className="absolute inset-0 h-full w-full cursor-none touch-none"
        onPointerDown={(event) => {
          if (event.pointerType === 'mouse' && event.button !== 0) return;
          event.preventDefault();
          const rect = event.currentTarget.getBoundingClientRect();
          painting.current = {
            points: [pointAt(event, rect)],
            brushSize: toImageBrushSize(brushSize, rect, natural),
          };
          moveOutline(event);
          redraw();
        }}
        onPointerMove={(event) => {
          moveOutline(event);
          const current = painting.current;
          if (!current) return;
          // Every position the browser saw since the last event, for a smooth path.
          const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
          const rect = event.currentTarget.getBoundingClientRect();
          for (const pointer of coalesced.length > 0 ? coalesced : [event]) {
            current.points.push(pointAt(pointer, rect));
          }
          redraw();
        }}
        onPointerUp={finish}
        onPointerLeave={finish}
        onPointerCancel={finish}
      />
      <div
        ref={outlineRef}
        aria-hidden="true"
        className="pointer-events-none absolute top-0 left-0 rounded-full border-2 border-ink-soft bg-indigo-400/15 opacity-0 shadow-[0_0_0_1px_rgba(255,255,255,0.9)] transition-opacity"
        style={{
          width: brushSize,
          height: brushSize,
          marginLeft: -brushSize / 2,
          marginTop: -brushSize / 2,
        }}
      />
    </div>
  );
}

/** The element's size on screen, followed as the layout changes. */
function useShownSize(ref: RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
