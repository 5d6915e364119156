import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';
import { onSliderGrid, sliderKeyTarget, type SliderRange } from './slider-keys';

/**
 * A slider with its label above and its value read out beside it, moved by pointer or by keys
 * (`sliderKeyTarget`).
 */
export function LabelledSlider({
  label,
  value,
  range,
  format,
  onChange,
}: {
  label: string;
  value: number;
  range: SliderRange;
  /** The value as read out (and announced). */
  format: (value: number) => string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const shown = format(value);
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-3">
        <Slider
          id={id}
          min={range.min}
          max={range.max}
          step={range.step}
          value={value}
          aria-valuetext={shown}
          onChange={(event) => onChange(onSliderGrid(Number(event.target.value), range))}
          onKeyDown={(event) => {
            const target = sliderKeyTarget(event.key, event.shiftKey, value, range);
            if (target === null) return;
            event.preventDefault();
            if (target !== value) onChange(target);
          }}
        />
        <output
          htmlFor={id}
          className="w-12 shrink-0 text-right text-sm text-slate-700 tabular-nums"
        >
          {shown}
        </output>
      </div>
    </div>
  );
}
