import { EnumSelect } from '@/components/ui/enum-select';
import { DIRECTIONS, type Direction } from '@/lib/contract';
import type { FieldProps } from './field-props';

export function DirectionSelect({ id, label, value, onChange }: FieldProps<Direction>) {
  return (
    <EnumSelect
      id={id}
      label={label}
      labelHidden
      options={DIRECTIONS}
      optionLabel={(direction) => direction}
      value={value}
      onChange={onChange}
    />
  );
}
