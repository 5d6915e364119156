import { partLabel } from '@/features/stroke-editor/part-order';
import type { TextBlock } from '@/lib/contract';

/** A choice of "When it is written": its value (`TextBlock['at']`) and how it is named. */
export interface MomentOption {
  value: TextBlock['at'];
  label: string;
}

/**
 * The moments a block can be written at: before the picture, after it, or right after one of the
 * scene's parts, numbered in drawing order. A part the block names that the drawing no longer
 * has (or that is not known yet) stays a choice, so the select never shows another value.
 */
export function momentOptions(parts: readonly string[], at: TextBlock['at']): MomentOption[] {
  const options: MomentOption[] = [
    { value: 'before', label: 'Before the picture' },
    { value: 'after', label: 'After the picture' },
    ...parts.map((part, index) => ({
      value: part,
      label: `After part ${index + 1} (${partLabel(part)})`,
    })),
  ];
  if (!options.some((option) => option.value === at))
    options.push({ value: at, label: `After ${partLabel(at)}` });
  return options;
}
