import { FPS } from '@rasma/engine/outline';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';
import type { PlaybackClock } from '@/features/stroke-editor/playback-clock';

const seconds = (value: number) => `${value.toFixed(1)} s`;

/** The player's place in the whole story, to scrub, and the scene it is in. */
export function StoryPositionBar({
  clock,
  frame,
  frames,
  sceneText,
}: {
  clock: PlaybackClock;
  frame: number;
  /** The story's frames (0 until they can be shown). */
  frames: number;
  /** "Scene 2 of 3", or the transition after one. */
  sceneText: string;
}) {
  const id = useId();
  const time = seconds((frame + 1) / FPS);
  const total = seconds(frames / FPS);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-1">
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
        aria-valuetext={`${time} of ${total}, ${sceneText}`}
        onChange={(event) => clock.seek(Number(event.target.value))}
      />
      <span className="shrink-0 text-xs text-slate-600 tabular-nums">
        {time} / {total}
      </span>
      <span className="shrink-0 text-sm font-medium text-slate-800" aria-live="polite">
        {sceneText}
      </span>
    </div>
  );
}
