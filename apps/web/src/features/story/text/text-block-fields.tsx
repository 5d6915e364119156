import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { EnumSelect } from '@/components/ui/enum-select';
import { Label, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  HANDWRITING_STYLE_LABELS,
  HANDWRITING_STYLES,
  STORY_LIMITS,
  type TextBlock,
} from '@/lib/contract';
import { LabelledSlider } from './labelled-slider';
import { momentOptions } from './moment-options';
import { textIssues } from './text-issues';

const SIZE_RANGE = { ...STORY_LIMITS.textSize, step: 0.005, coarseStep: 0.02 };
const ROTATION_RANGE = { min: -180, max: 180, step: 1, coarseStep: 15 };

const sizeText = (size: number) => `${(size * 100).toFixed(1)}%`;
const rotationText = (degrees: number) => `${degrees}°`;

/** One text block's fields: its text (with what is wrong with it, live), style, size, turn, moment. */
export function TextBlockFields({
  block,
  number,
  parts,
  onChange,
  onDelete,
}: {
  block: TextBlock;
  /** Its place in the scene's list, from 1. */
  number: number;
  parts: readonly string[];
  onChange: (block: TextBlock) => void;
  onDelete: () => void;
}) {
  const textId = useId();
  const issuesId = useId();
  const whenId = useId();
  const titleId = useId();
  const issues = textIssues(block.text);
  const set = (change: Partial<TextBlock>) => onChange({ ...block, ...change });
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border border-slate-200 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-800">
          Text {number}
        </h3>
        <Button variant="ghost" size="sm" onClick={onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete text
        </Button>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={textId}>Text to write</Label>
        <Textarea
          id={textId}
          className="min-h-20"
          value={block.text}
          aria-invalid={issues.length > 0}
          aria-describedby={issuesId}
          onChange={(event) => set({ text: event.target.value })}
        />
        <div id={issuesId} aria-live="polite" className="grid gap-0.5">
          {issues.map((issue) => (
            <p key={issue} className="text-xs text-red-700">
              {issue}
            </p>
          ))}
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <EnumSelect
          label="Handwriting"
          options={HANDWRITING_STYLES}
          optionLabel={(style) => HANDWRITING_STYLE_LABELS[style]}
          value={block.style}
          onChange={(style) => set({ style })}
        />
        <div className="grid gap-2">
          <Label htmlFor={whenId}>When it is written</Label>
          <Select
            id={whenId}
            value={block.at}
            onChange={(event) => set({ at: event.target.value })}
          >
            {momentOptions(parts, block.at).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        <LabelledSlider
          label="Text size"
          value={block.size}
          range={SIZE_RANGE}
          format={sizeText}
          onChange={(size) => set({ size })}
        />
        <LabelledSlider
          label="Text rotation"
          value={block.rotation}
          range={ROTATION_RANGE}
          format={rotationText}
          onChange={(rotation) => set({ rotation })}
        />
      </div>
    </div>
  );
}
