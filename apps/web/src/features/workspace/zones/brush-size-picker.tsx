import { BRUSH_SIZES } from '@/lib/contract';
import { cn } from '@/lib/utils';

const SIZES = Object.entries(BRUSH_SIZES) as [keyof typeof BRUSH_SIZES, number][];

/** The brush sizes as one row of choices, each with a dot of its relative size. */
export function BrushSizePicker({
  value,
  onChange,
}: {
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Brush size" className="grid grid-cols-4 gap-2">
      {SIZES.map(([name, size]) => (
        <button
          key={name}
          type="button"
          role="radio"
          aria-checked={value === size}
          onClick={() => onChange(size)}
          className={cn(
            'flex flex-col items-center gap-1.5 rounded-lg border px-1 py-2 text-xs font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ink-soft focus-visible:outline-none',
            value === size
              ? 'border-ink-soft bg-indigo-50 text-ink'
              : 'border-slate-200 text-slate-600 hover:bg-slate-50',
          )}
        >
          <span className="flex h-7 items-center" aria-hidden="true">
            <span
              className="rounded-full bg-current"
              style={{ width: 4 + size / 2, height: 4 + size / 2 }}
            />
          </span>
          {name}
        </button>
      ))}
    </div>
  );
}
