/** Ink of a stroke, of a selected one, and ink the pen never passes (it shows at the end). */
const INK = [30, 41, 59] as const;
const SELECTED = [225, 29, 72] as const;
const LOOSE_INK = [148, 163, 184] as const;

/**
 * Paints the drawing's ink into `target` (the picture's size) on clear paper: each ink pixel in its
 * stroke's colour (`inkStroke[p]`: the stroke pixel p belongs to, -1 for none, -2 for paper),
 * selected strokes (`marked[stroke] === 1`) in the selection's colour.
 */
export function paintStrokes(target: ImageData, inkStroke: Int32Array, marked: Uint8Array): void {
  const data = target.data;
  for (let p = 0, j = 0; p < inkStroke.length; p++, j += 4) {
    const stroke = inkStroke[p]!;
    if (stroke === PAPER) {
      data[j + 3] = 0;
      continue;
    }
    const colour = stroke < 0 ? LOOSE_INK : marked[stroke] === 1 ? SELECTED : INK;
    data[j] = colour[0];
    data[j + 1] = colour[1];
    data[j + 2] = colour[2];
    data[j + 3] = 255;
  }
}

/** `inkStroke` of a paper pixel. */
export const PAPER = -2;
