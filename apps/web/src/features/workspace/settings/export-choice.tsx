import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, type ExportFormat } from '@/lib/contract';

/** What a format adds to the price, as the Generate card says it. */
export const exportPrice = (format: ExportFormat) => {
  const { credits } = EXPORT_FORMAT_INFO[format];
  return credits === 0 ? 'free' : `+${credits} credit${credits === 1 ? '' : 's'}`;
};

/** "Also make": the files to make beside the MP4 (`EXPORT_FORMAT_INFO`), each with its price. */
export function ExportChoice({
  value,
  onChange,
}: {
  value: readonly ExportFormat[];
  onChange: (formats: ExportFormat[]) => void;
}) {
  const id = useId();
  const toggle = (format: ExportFormat, on: boolean) =>
    onChange(EXPORT_FORMATS.filter((f) => (f === format ? on : value.includes(f))));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">Also make</legend>
      {EXPORT_FORMATS.map((format) => {
        const { label, description } = EXPORT_FORMAT_INFO[format];
        const box = `${id}-${format}`;
        return (
          <div key={format} className="flex items-start gap-2">
            <input
              id={box}
              type="checkbox"
              checked={value.includes(format)}
              onChange={(event) => toggle(format, event.target.checked)}
              className="mt-0.5 h-4 w-4 accent-ink-soft"
              aria-describedby={`${box}-note`}
            />
            <div>
              <Label htmlFor={box}>
                {label} ({exportPrice(format)})
              </Label>
              <p id={`${box}-note`} className="text-xs text-slate-500">
                {description}
              </p>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
