import { Slider } from '@/components/ui/slider';
import { FILL_LEVEL } from '@/lib/contract';
import type { FieldProps } from './field-props';

/** A fill level from 0 to 100 % in steps of 5, its value shown beside it. */
export function FillSlider({ id, label, value, onChange }: FieldProps<number>) {
  return (
    <div className="flex items-center gap-3">
      <Slider
        id={id}
        aria-label={label}
        min={FILL_LEVEL.min}
        max={FILL_LEVEL.max}
        step={FILL_LEVEL.step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <output htmlFor={id} className="w-11 shrink-0 text-right text-sm text-slate-700 tabular-nums">
        {value}%
      </output>
    </div>
  );
}
