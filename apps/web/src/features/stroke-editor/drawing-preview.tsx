import { handPixelsPerUnit } from '@rasma/engine/outline';
import { useEffect, useRef } from 'react';
import type { Hand } from '@/lib/contract';
import { InkPainting } from './ink-painting';
import type { PlayData } from './messages';
import { useClockFrame, type PlaybackClock } from './playback-clock';
import { useHeldHand } from './use-held-hand';

/**
 * The drawing at the clock's frame, as the video shows it: the ink revealed up to that frame, and
 * the hand (or pen) at its tip. Only the rectangle a frame reveals is put on screen. The hand is
 * drawn once and only moved.
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
  const painting = useRef<InkPainting | null>(null);
  const held = useHeldHand(hand, handPixelsPerUnit(width, height), data.hold);

  useEffect(() => {
    const context = inkCanvas.current?.getContext('2d');
    if (!context || frame < 0) return;
    let current = painting.current;
    if (current?.data !== data) {
      current = new InkPainting(data, width, height);
      painting.current = current;
    }
    const changed = current.paintTo(frame);
    if (changed)
      context.putImageData(
        current.image,
        0,
        0,
        changed.left,
        changed.top,
        changed.width,
        changed.height,
      );
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
