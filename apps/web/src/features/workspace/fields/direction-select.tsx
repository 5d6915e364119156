import { Select } from '@/components/ui/select';
import { DIRECTIONS, type Direction } from '@/lib/contract';
import type { FieldProps } from './field-props';

export function DirectionSelect({ id, label, value, onChange }: FieldProps<Direction>) {
  return (
    <Select
      id={id}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Direction)}
    >
      {DIRECTIONS.map((direction) => (
        <option key={direction} value={direction}>
          {direction}
        </option>
      ))}
    </Select>
  );
}
