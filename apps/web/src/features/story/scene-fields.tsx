import { Label } from '@/components/ui/input';
import { STORY_LIMITS } from '@/lib/contract';
import { SecondsField } from './seconds-field';

/** A story scene's own setting in the settings card: how long its finished picture stays. */
export function SceneFields({
  holdSeconds,
  onHold,
}: {
  holdSeconds: number;
  onHold: (seconds: number) => void;
}) {
  const { min, max } = STORY_LIMITS.holdSeconds;
  return (
    <div className="grid gap-2">
      <Label htmlFor="hold-seconds">Hold (seconds)</Label>
      <SecondsField
        id="hold-seconds"
        value={holdSeconds}
        min={min}
        max={max}
        step={0.5}
        onChange={onHold}
      />
      <p className="text-xs text-slate-500">
        How long the finished scene stays on screen before the transition ({min} to {max} s).
      </p>
    </div>
  );
}
