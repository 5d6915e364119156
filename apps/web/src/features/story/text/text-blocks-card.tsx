import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  DEFAULT_HANDWRITING_STYLE,
  STORY_LIMITS,
  TEXT_MESSAGES,
  type TextBlock,
} from '@/lib/contract';
import { TextBlockFields } from './text-block-fields';

/** Where new blocks go, down the frame's middle in turn, so two new blocks do not overlap. */
const NEW_BLOCK_ROWS = [0.5, 0.7, 0.3, 0.85, 0.15];

/** A new, empty block (the person types its text), written after the picture. */
export function newTextBlock(existing: readonly TextBlock[]): TextBlock {
  return {
    id: crypto.randomUUID(),
    text: '',
    style: DEFAULT_HANDWRITING_STYLE,
    x: 0.5,
    y: NEW_BLOCK_ROWS[existing.length % NEW_BLOCK_ROWS.length]!,
    size: STORY_LIMITS.textSize.default,
    rotation: 0,
    at: 'after',
  };
}

/**
 * A scene's text blocks, which the hand writes as handwriting: each one's text, style, size,
 * rotation and moment in the drawing; added up to the contract's limit and deleted.
 */
export function TextBlocksCard({
  blocks,
  onChange,
  parts = [],
}: {
  blocks: readonly TextBlock[];
  onChange: (blocks: TextBlock[]) => void;
  /** The scene's drawing parts in drawing order, when known ("When it is written": after part N). */
  parts?: readonly string[];
}) {
  const full = blocks.length >= STORY_LIMITS.maxTextBlocks;
  const replace = (index: number, block: TextBlock) =>
    onChange(blocks.map((old, i) => (i === index ? block : old)));
  return (
    <Card
      title="Text"
      description="Typed text the hand writes on the scene, in its place in the drawing. Drag it on the picture, or focus it and use the arrow keys."
      actions={
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => onChange([...blocks, newTextBlock(blocks)])}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add text
        </Button>
      }
    >
      <div className="grid gap-3">
        {blocks.map((block, index) => (
          <TextBlockFields
            key={block.id}
            block={block}
            number={index + 1}
            parts={parts}
            onChange={(changed) => replace(index, changed)}
            onDelete={() => onChange(blocks.filter((_, i) => i !== index))}
          />
        ))}
        {blocks.length === 0 && (
          <p className="text-sm text-slate-600">No text in this scene yet.</p>
        )}
        {full && <p className="text-xs text-slate-600">{TEXT_MESSAGES.tooManyBlocks}</p>}
      </div>
    </Card>
  );
}
