import { ArrowLeft, ArrowLeftToLine, ArrowRight, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';
import { isAddedPartId, STROKE_EDIT_LIMITS, type Direction } from '@/lib/contract';
import { DirectionSelect } from '@/features/workspace/fields/direction-select';
import type { AnyPartId } from './edit-history';
import { partLabel } from './part-order';

/** The time scales the slider stops at: the contract's range, in steps a person can tell apart. */
export const TIME_SCALES = [
  STROKE_EDIT_LIMITS.minTimeScale,
  0.5,
  0.75,
  1,
  1.5,
  2,
  3,
  STROKE_EDIT_LIMITS.maxTimeScale,
] as const;

const nearestStop = (scale: number) =>
  TIME_SCALES.reduce(
    (best, stop, i) => (Math.abs(stop - scale) < Math.abs(TIME_SCALES[best]! - scale) ? i : best),
    0,
  );

const scaleText = (scale: number) =>
  scale === 1 ? 'as planned' : `${scale < 1 ? 'less' : 'more'} time (×${scale})`;

/**
 * What can be changed of the part in focus: its place in the order (buttons, for the keyboard,
 * beside dragging), its share of the drawing time, its direction, and its deleted strokes (or the
 * whole part, removed) back.
 */
export function PartControls({
  part,
  index,
  count,
  timeScale,
  direction,
  deleted,
  removed,
  onMove,
  onTimeScale,
  onDirection,
  onRestore,
}: {
  part: AnyPartId;
  /** Its place in the order, and the number of parts. */
  index: number;
  count: number;
  timeScale: number;
  direction: Direction;
  /** Its strokes deleted so far. */
  deleted: number;
  /** The whole part is removed. */
  removed: boolean;
  onMove: (index: number) => void;
  onTimeScale: (timeScale: number) => void;
  onDirection: (direction: Direction) => void;
  onRestore: () => void;
}) {
  const id = useId();
  const label = partLabel(part);
  return (
    <section
      aria-label={`Part ${label}`}
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
    >
      <div className="grid gap-2 sm:col-span-2">
        <p className="text-sm font-medium text-slate-800">
          {label}{' '}
          <span className="font-normal text-slate-500">
            (part {index + 1} of {count}
            {removed && ', removed'})
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={index === 0} onClick={() => onMove(0)}>
            <ArrowLeftToLine className="h-4 w-4" aria-hidden="true" />
            Draw first
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Move earlier
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
            Move later
          </Button>
          {!isAddedPartId(part) && (
            <Button
              variant="outline"
              size="sm"
              disabled={deleted === 0 && !removed}
              onClick={onRestore}
            >
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              Restore deleted{removed ? ' (the whole part)' : deleted > 0 && ` (${deleted})`}
            </Button>
          )}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-time`}>Time for this part: {scaleText(timeScale)}</Label>
        <Slider
          id={`${id}-time`}
          min={0}
          max={TIME_SCALES.length - 1}
          step={1}
          value={nearestStop(timeScale)}
          aria-valuetext={`×${timeScale}`}
          onChange={(event) => onTimeScale(TIME_SCALES[Number(event.target.value)]!)}
        />
      </div>
      {!isAddedPartId(part) && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-direction`}>Direction of this part</Label>
          <DirectionSelect id={`${id}-direction`} value={direction} onChange={onDirection} />
        </div>
      )}
    </section>
  );
}
