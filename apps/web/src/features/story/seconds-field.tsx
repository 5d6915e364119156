import { useState } from 'react';
import { Input } from '@/components/ui/input';

/**
 * A number of seconds within `min`-`max`: an entry is applied as it is typed once it is in range,
 * and shown as invalid until then; leaving the field shows the applied value again.
 */
export function SecondsField({
  value,
  min,
  max,
  step,
  onChange,
  className,
  ...labelled
}: {
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (seconds: number) => void;
  className?: string;
} & ({ id: string } | { 'aria-label': string })) {
  const [entry, setEntry] = useState(String(value));
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    // Another scene opened, or the value changed elsewhere: show it.
    setApplied(value);
    setEntry(String(value));
  }
  const inRange = (text: string) => {
    const seconds = Number(text);
    return text.trim() !== '' && seconds >= min && seconds <= max;
  };
  return (
    <Input
      {...labelled}
      type="number"
      inputMode="decimal"
      min={min}
      max={max}
      step={step}
      value={entry}
      aria-invalid={!inRange(entry)}
      className={className}
      onChange={(event) => {
        const text = event.target.value;
        setEntry(text);
        if (inRange(text)) {
          setApplied(Number(text));
          onChange(Number(text));
        }
      }}
      onBlur={() => setEntry(String(value))}
    />
  );
}
