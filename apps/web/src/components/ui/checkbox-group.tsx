import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/input';

/**
 * A fieldset of checkboxes, one per option; `onChange` gets the options ticked, always in
 * `options`' order (the contract's), whatever order they were ticked in.
 */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  checked,
  onChange,
  label,
}: {
  legend: string;
  options: readonly T[];
  checked: readonly T[];
  onChange: (checked: T[]) => void;
  label: (option: T) => ReactNode;
}) {
  const id = useId();
  const toggle = (option: T, on: boolean) =>
    onChange(options.filter((o) => (o === option ? on : checked.includes(o))));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {options.map((option) => (
        <div key={option} className="flex items-start gap-2">
          <input
            id={`${id}-${option}`}
            type="checkbox"
            checked={checked.includes(option)}
            onChange={(e) => toggle(option, e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-ink-soft"
          />
          <Label htmlFor={`${id}-${option}`} className="font-normal">
            {label(option)}
          </Label>
        </div>
      ))}
    </fieldset>
  );
}
