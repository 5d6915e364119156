import type { TextBlock } from '@/lib/contract';

/** A block's centre, as shares of the frame. */
export type BlockPosition = Pick<TextBlock, 'x' | 'y'>;

/** An arrow key moves a block this share of the frame; with Shift, the larger one. */
const KEY_STEP = 0.01;
const SHIFT_KEY_STEP = 0.05;

const KEY_DIRECTIONS: Record<string, BlockPosition> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

const share = (value: number) => Number(Math.min(1, Math.max(0, value)).toFixed(4));

/** `start` moved by `by` (shares of the frame), its centre kept on the frame. */
export const movedBy = (start: BlockPosition, by: BlockPosition): BlockPosition => ({
  x: share(start.x + by.x),
  y: share(start.y + by.y),
});

/** Where an arrow key moves a block; null for any other key. */
export function keyMove(key: string, shift: boolean, block: BlockPosition): BlockPosition | null {
  const direction = KEY_DIRECTIONS[key];
  if (!direction) return null;
  const step = shift ? SHIFT_KEY_STEP : KEY_STEP;
  return movedBy(block, { x: direction.x * step, y: direction.y * step });
}
