import { FPS } from '@rasma/engine/outline';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';
import { useClockFrame, type PlaybackClock } from './playback-clock';

const seconds = (value: number) => `${value.toFixed(1)} s`;

/**
 * The preview's place in the drawing (with sound: in the whole video), to scrub, and the way back
 * to the strokes.
 */
export function PreviewBar({
  clock,
  frames,
  withSound,
  onClose,
}: {
  clock: PlaybackClock;
  /** The frames the preview plays (0 until they are there). */
  frames: number;
  withSound: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const frame = useClockFrame(clock);
  const time = seconds((frame + 1) / FPS);
  const total = seconds(frames / FPS);
  return (
    <div className="grid gap-1 px-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
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
          aria-valuetext={`${time} of ${total}`}
          onChange={(event) => clock.seek(Number(event.target.value))}
        />
        <span className="shrink-0 text-xs text-slate-600 tabular-nums">
          {time} / {total}
        </span>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X className="h-4 w-4" aria-hidden="true" />
          Back to strokes
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        {withSound
          ? 'The preview plays the drawing with its sound, free of charge, to the end of the video (the colouring shows in the video only).'
          : 'The preview plays the drawing only, free of charge; the video lasts longer (see the drawing time).'}
      </p>
    </div>
  );
}
