import { handPixelsPerUnit } from '@rasma/engine/outline';
import { useEffect, useRef } from 'react';
import type { Hand } from '@/lib/contract';
import type { PlayData } from './messages';
import { useClockFrame, type PlaybackClock } from './playback-clock';
import { useHeldHand } from './use-held-hand';

/** The picture so far, and the last frame painted into it. */
interface Painting {
  image: ImageData;
  painted: number;
  data: PlayData;
}

/**
 * The drawing at the clock's frame, as the video shows it: the ink revealed up to that frame, and
 * the hand (or pen) at its tip. A frame ahead of the last one painted only paints the pixels it
 * reveals (and puts only their rectangle on screen); going back paints afresh. The hand is drawn
 * once and only moved.
 */
export function DrawingPreview({
  data,
  clock,
  hand,
  width,
  height,
}: {
  data: PlayData;
  clock: PlaybackClock;
  hand: Hand;
  width: number;
  height: number;
}) {
  const frame = Math.min(useClockFrame(clock), data.drawFrames - 1);
  const inkCanvas = useRef<HTMLCanvasElement>(null);
  const handCanvas = useRef<HTMLCanvasElement>(null);
  const painting = useRef<Painting | null>(null);
  const held = useHeldHand(hand, handPixelsPerUnit(width, height), data.hold);

  useEffect(() => {
    const context = inkCanvas.current?.getContext('2d');
    if (!context || frame < 0) return;
    let current = painting.current;
    const fresh = current?.data !== data || frame < current.painted;
    if (!current || fresh) {
      const image = current?.data === data ? current.image : new ImageData(width, height);
      image.data.fill(255);
      current = { image, painted: -1, data };
      painting.current = current;
    }
    const pixels = current.image.data;
    const { order, start, grey } = data;
    let [left, top, right, bottom] = [width, height, -1, -1];
    for (let i = start[current.painted + 1]!, end = start[frame + 1]!; i < end; i++) {
      const p = order[i]!;
      const g = grey[p]!;
      pixels[p * 4] = g;
      pixels[p * 4 + 1] = g;
      pixels[p * 4 + 2] = g;
      const x = p % width;
      const y = (p - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
    current.painted = frame;
    if (fresh) context.putImageData(current.image, 0, 0);
    else if (right >= 0)
      context.putImageData(current.image, 0, 0, left, top, right - left + 1, bottom - top + 1);
  }, [data, frame, width, height]);

  useEffect(() => {
    const element = handCanvas.current;
    if (!element || !held) return;
    element.width = held.image.width;
    element.height = held.image.height;
    element.getContext('2d')?.drawImage(held.image, 0, 0);
  }, [held]);

  // The hand is lifted off the finished drawing.
  const handShown = held !== null && frame >= 0 && frame < data.drawFrames - 1;
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <>
      <canvas
        ref={inkCanvas}
        width={width}
        height={height}
        aria-label="Drawing preview"
        data-frame={frame}
        className="absolute inset-0 h-full w-full rounded-lg bg-white"
      />
      <canvas
        ref={handCanvas}
        aria-hidden="true"
        className="pointer-events-none absolute max-w-none"
        style={
          handShown
            ? {
                left: percent(data.tips[frame * 2]! - held.tipX, width),
                top: percent(data.tips[frame * 2 + 1]! - held.tipY, height),
                width: percent(held.image.width, width),
              }
            : { display: 'none' }
        }
      />
    </>
  );
}
