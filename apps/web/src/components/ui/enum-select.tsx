import { useId, type ReactNode } from 'react';
import { Label } from './input';
import { Select } from './select';

/**
 * How the select is named: a label shown above it, or (`labelHidden`) a name for screen readers
 * only, which may be left out when a label elsewhere points at `id`.
 */
type Naming = { label: string; labelHidden?: false } | { label?: string; labelHidden: true };

export type EnumSelectProps<T extends string> = Naming & {
  id?: string;
  /** The choices, in the order they are listed. */
  options: readonly T[];
  /** How a choice is named in the list. */
  optionLabel: (option: T) => string;
  value: T;
  onChange: (value: T) => void;
  /** For the select itself (its width). */
  className?: string;
  /** Shown beside the select, such as a preview of the choice. */
  beside?: ReactNode;
  /** A line under the select about the current choice. */
  hint?: ReactNode;
};

/** A select of one value of a fixed list (a contract enum), with its label. */
export function EnumSelect<T extends string>({
  id,
  label,
  labelHidden,
  options,
  optionLabel,
  value,
  onChange,
  className,
  beside,
  hint,
}: EnumSelectProps<T>) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const select = (
    <Select
      id={selectId}
      aria-label={labelHidden ? label : undefined}
      className={className}
      value={value}
      onChange={(event) => {
        const chosen = options.find((option) => option === event.target.value);
        if (chosen !== undefined) onChange(chosen);
      }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </Select>
  );
  const field = beside ? (
    <div className="flex items-center gap-3">
      {select}
      {beside}
    </div>
  ) : (
    select
  );
  if (labelHidden && !hint) return field;
  return (
    <div className="grid gap-2">
      {!labelHidden && <Label htmlFor={selectId}>{label}</Label>}
      {field}
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}
