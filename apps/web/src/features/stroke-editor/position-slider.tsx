import { FPS } from '@rasma/engine/outline';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';
import { useClockFrame, type PlaybackClock } from './playback-clock';

const seconds = (value: number) => `${value.toFixed(1)} s`;

/**
 * A preview's place among its frames, to scrub: "Position", its slider and the time read out (for
 * a row of the preview's controls).
 */
export function PositionSlider({
  clock,
  frames,
  detail,
}: {
  clock: PlaybackClock;
  /** The frames the preview plays (0 until they are there). */
  frames: number;
  /** Said after the time when the position is announced. */
  detail?: string;
}) {
  const id = useId();
  const frame = useClockFrame(clock);
  const time = seconds((frame + 1) / FPS);
  const total = seconds(frames / FPS);
  return (
    <>
      <Label htmlFor={id} className="shrink-0">
        Position
      </Label>
      <Slider
        id={id}
        className="min-w-32 flex-1"
        min={0}
        max={Math.max(0, frames - 1)}
        step={1}
        value={frame}
        disabled={frames === 0}
        aria-valuetext={[`${time} of ${total}`, detail].filter(Boolean).join(', ')}
        onChange={(event) => clock.seek(Number(event.target.value))}
      />
      <span className="shrink-0 text-xs text-slate-600 tabular-nums">
        {time} / {total}
      </span>
    </>
  );
}
