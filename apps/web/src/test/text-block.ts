import type { TextBlock } from '@/lib/contract';

/** A text block in the frame's middle, with `change` applied. */
export const textBlock = (change: Partial<TextBlock> = {}): TextBlock => ({
  id: 'title',
  text: 'Hello',
  style: 'print',
  x: 0.5,
  y: 0.5,
  size: 0.08,
  rotation: 0,
  at: 'after',
  ...change,
});
