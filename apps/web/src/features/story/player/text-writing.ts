import type { Point } from '@rasma/engine/outline';

/** A block's strokes written up to a share of their length, and where the pen is. */
export interface Written {
  strokes: Point[][];
  /** The pen's tip; null once the block is done or before it starts. */
  tip: Point | null;
}

const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

/**
 * `strokes` as far as the pen has written them at `share` (0-1) of the block's writing: whole
 * strokes in order, then the one being written cut where the pen is. The pen goes along the
 * strokes at an even pace.
 */
export function writtenStrokes(strokes: readonly Point[][], share: number): Written {
  if (share >= 1) return { strokes: strokes.map((stroke) => [...stroke]), tip: null };
  if (share <= 0) return { strokes: [], tip: null };
  const lengths = strokes.map((stroke) =>
    stroke.reduce((sum, point, i) => (i === 0 ? 0 : sum + distance(stroke[i - 1]!, point)), 0),
  );
  let left = share * lengths.reduce((sum, length) => sum + length, 0);
  const written: Point[][] = [];
  for (const [index, stroke] of strokes.entries()) {
    if (left >= lengths[index]!) {
      written.push([...stroke]);
      left -= lengths[index]!;
      continue;
    }
    const part: Point[] = [stroke[0]!];
    for (let i = 1; i < stroke.length; i++) {
      const step = distance(stroke[i - 1]!, stroke[i]!);
      if (left <= step) {
        const t = left / step;
        const a = stroke[i - 1]!;
        const b = stroke[i]!;
        part.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
        break;
      }
      part.push(stroke[i]!);
      left -= step;
    }
    written.push(part);
    return { strokes: written, tip: part.at(-1)! };
  }
  return { strokes: written, tip: written.at(-1)?.at(-1) ?? null };
}
