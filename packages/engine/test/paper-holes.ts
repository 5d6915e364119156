/**
 * White holes in the colour phase, measured on frames (luma planes, limited range): paper-white
 * blocks where the last frame has colour, either where ink was before or lingering while the
 * paint around them is laid.
 */
import { GREY_TO_Y } from '../src/yuv.js';

/** A block is paper when every pixel is at least this light (paper is GREY_TO_Y[255], 235). */
const PAPER_Y = GREY_TO_Y[255]! - 10;
/** A pixel is ink where it is darker than the pen's mid grey. */
const INK_Y = GREY_TO_Y[128]!;
/** A pixel is painted once its luma is this far from the drawing's. */
const PAINTED_STEP = 10;

/** Sums of a 0/1 map over rectangles, from its summed-area table. */
function boxSums(map: Uint8Array, width: number, height: number) {
  const stride = width + 1;
  const table = new Int32Array(stride * (height + 1));
  for (let y = 0; y < height; y++)
    for (let x = 0, row = 0; x < width; x++) {
      row += map[y * width + x]!;
      table[(y + 1) * stride + x + 1] = table[y * stride + x + 1]! + row;
    }
  return (x0: number, y0: number, x1: number, y1: number) =>
    table[y1 * stride + x1]! -
    table[y0 * stride + x1]! -
    table[y1 * stride + x0]! +
    table[y0 * stride + x0]!;
}

/** Box sums over the pixels of a luma plane that pass `test`. */
const sumsWhere = (
  luma: Uint8Array,
  test: (v: number, p: number) => boolean,
  width: number,
  height: number,
) =>
  boxSums(
    Uint8Array.from(luma, (v, p) => (test(v, p) ? 1 : 0)),
    width,
    height,
  );

/** Calls `visit` with the top-left corner of each `size` x `size` block, every 2 px. */
function forEachBlock(
  width: number,
  height: number,
  size: number,
  visit: (x: number, y: number) => void,
): void {
  for (let y = 0; y + size <= height; y += 2)
    for (let x = 0; x + size <= width; x += 2) visit(x, y);
}

/**
 * The blocks (`size` px square, every 2 px) that are paper in `frame`, had ink in an earlier frame
 * (`darkest`: each pixel's darkest luma so far) and have colour (no paper) in `last`.
 */
export function paperWhereInkWas(
  frame: Uint8Array,
  darkest: Uint8Array,
  last: Uint8Array,
  width: number,
  height: number,
  size: number,
): number {
  const paper = sumsWhere(frame, (v) => v >= PAPER_Y, width, height);
  const inked = sumsWhere(darkest, (v) => v < INK_Y, width, height);
  const lastPaper = sumsWhere(last, (v) => v >= PAPER_Y, width, height);
  let blocks = 0;
  forEachBlock(width, height, size, (x, y) => {
    const [x1, y1] = [x + size, y + size];
    if (
      paper(x, y, x1, y1) === size * size &&
      inked(x, y, x1, y1) > 0 &&
      lastPaper(x, y, x1, y1) === 0
    )
      blocks++;
  });
  return blocks;
}

/**
 * The most frames in a row that a block (`size` px square, every 2 px) whose last colour frame
 * has colour stays paper while at least half the pixels within `reach` px around it are painted
 * (changed from `drawn`, the drawing's last frame): a white hole the paint has gone round.
 */
export function longestPaperHole(
  colourFrames: readonly Uint8Array[],
  drawn: Uint8Array,
  width: number,
  height: number,
  size: number,
  reach: number,
): number {
  const lastPaper = sumsWhere(colourFrames.at(-1)!, (v) => v >= PAPER_Y, width, height);
  const run = new Int32Array(width * height);
  let longest = 0;
  for (const frame of colourFrames) {
    const paper = sumsWhere(frame, (v) => v >= PAPER_Y, width, height);
    const painted = sumsWhere(
      frame,
      (v, p) => Math.abs(v - drawn[p]!) > PAINTED_STEP,
      width,
      height,
    );
    forEachBlock(width, height, size, (x, y) => {
      const [x1, y1] = [x + size, y + size];
      const [ax, ay] = [Math.max(0, x - reach), Math.max(0, y - reach)];
      const [bx, by] = [Math.min(width, x1 + reach), Math.min(height, y1 + reach)];
      const around = (bx - ax) * (by - ay) - size * size;
      const hole =
        paper(x, y, x1, y1) === size * size &&
        lastPaper(x, y, x1, y1) === 0 &&
        2 * painted(ax, ay, bx, by) >= around;
      const i = y * width + x;
      run[i] = hole ? run[i]! + 1 : 0;
      if (run[i] > longest) longest = run[i]!;
    });
  }
  return longest;
}
