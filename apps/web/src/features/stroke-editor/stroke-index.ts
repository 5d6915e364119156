import type { Point } from '@/lib/contract';

/**
 * The strokes as drawn, in drawing order: stroke i's centre-line pixels (indices y * width + x
 * of a picture `width` wide) are `pixels[offsets[i] .. offsets[i + 1])`.
 */
export interface StrokeGeometry {
  width: number;
  height: number;
  offsets: Int32Array;
  pixels: Int32Array;
}

/** Side of a grid cell, in picture pixels. */
const CELL = 16;

/**
 * The grid of a drawing: cell c lists positions `entries[cellStart[c] .. cellStart[c + 1])` of
 * its `pixels`, and `strokeAt[j]` is the stroke position j belongs to. Plain arrays, so a worker
 * can make it and hand it over.
 */
export interface StrokeGrid {
  cellStart: Int32Array;
  entries: Int32Array;
  strokeAt: Int32Array;
}

const gridSize = ({ width, height }: Pick<StrokeGeometry, 'width' | 'height'>) => ({
  columns: Math.max(1, Math.ceil(width / CELL)),
  rows: Math.max(1, Math.ceil(height / CELL)),
});

/** Sorts the drawing's centre-line pixels into the grid's cells (a counting sort). */
export function strokeGrid(geometry: StrokeGeometry): StrokeGrid {
  const { width, offsets, pixels } = geometry;
  const { columns, rows } = gridSize(geometry);
  const strokeAt = new Int32Array(pixels.length);
  for (let s = 0; s < offsets.length - 1; s++) strokeAt.fill(s, offsets[s], offsets[s + 1]);
  const cells = columns * rows;
  const cellOf = new Int32Array(pixels.length);
  const cellStart = new Int32Array(cells + 1);
  for (let j = 0; j < pixels.length; j++) {
    const p = pixels[j]!;
    const cell =
      Math.floor(Math.floor(p / width) / CELL) * columns + Math.floor((p % width) / CELL);
    cellOf[j] = cell;
    cellStart[cell + 1]!++;
  }
  for (let c = 0; c < cells; c++) cellStart[c + 1]! += cellStart[c]!;
  const filled = cellStart.slice(0, cells);
  const entries = new Int32Array(pixels.length);
  for (let j = 0; j < pixels.length; j++) entries[filled[cellOf[j]!]!++] = j;
  return { cellStart, entries, strokeAt };
}

/**
 * Finds strokes by position: a grid of cells, each listing the centre-line pixels in it, so a
 * click looks at a few cells rather than every pixel of the drawing.
 */
export class StrokeIndex {
  private readonly columns: number;
  private readonly rows: number;
  private readonly cellStart: Int32Array;
  private readonly entries: Int32Array;
  private readonly strokeAt: Int32Array;

  constructor(
    private readonly geometry: StrokeGeometry,
    grid: StrokeGrid = strokeGrid(geometry),
  ) {
    ({ columns: this.columns, rows: this.rows } = gridSize(geometry));
    ({ cellStart: this.cellStart, entries: this.entries, strokeAt: this.strokeAt } = grid);
  }

  /**
   * The stroke nearest to `at` (picture pixels) within `tolerance` pixels of one of its pixels'
   * centres, or -1. Of strokes equally near, the one drawn last (it is on top).
   */
  hit(at: Point, tolerance: number): number {
    const { width, pixels } = this.geometry;
    let best = -1;
    let bestDistance = tolerance * tolerance;
    this.visitCells(at.x - tolerance, at.y - tolerance, at.x + tolerance, at.y + tolerance, (j) => {
      const p = pixels[j]!;
      const dx = (p % width) + 0.5 - at.x;
      const dy = Math.floor(p / width) + 0.5 - at.y;
      const distance = dx * dx + dy * dy;
      const stroke = this.strokeAt[j]!;
      if (distance < bestDistance || (distance === bestDistance && stroke > best)) {
        best = stroke;
        bestDistance = distance;
      }
    });
    return best;
  }

  /** The strokes lying wholly inside the closed outline `lasso` (picture pixels), in order. */
  lasso(lasso: readonly Point[]): number[] {
    if (lasso.length < 3) return [];
    const { width, height, offsets, pixels } = this.geometry;
    const inside = insideMask(lasso, width, height);
    if (!inside) return [];
    const candidates = new Set<number>();
    this.visitCells(inside.left, inside.top, inside.right, inside.bottom, (j) =>
      candidates.add(this.strokeAt[j]!),
    );
    const within = (p: number) => {
      const x = (p % width) - inside.left;
      const y = Math.floor(p / width) - inside.top;
      return x >= 0 && y >= 0 && x < inside.columns && y < inside.rows
        ? inside.mask[y * inside.columns + x] === 1
        : false;
    };
    const selected: number[] = [];
    for (const stroke of candidates) {
      let all = true;
      for (let j = offsets[stroke]!; all && j < offsets[stroke + 1]!; j++) all = within(pixels[j]!);
      if (all) selected.push(stroke);
    }
    return selected.sort((a, b) => a - b);
  }

  /** Calls `visit` with each position of `pixels` in the cells the rectangle touches. */
  private visitCells(x0: number, y0: number, x1: number, y1: number, visit: (j: number) => void) {
    const column = (x: number) => Math.min(this.columns - 1, Math.max(0, Math.floor(x / CELL)));
    const row = (y: number) => Math.min(this.rows - 1, Math.max(0, Math.floor(y / CELL)));
    for (let r = row(y0); r <= row(y1); r++) {
      for (let c = column(x0); c <= column(x1); c++) {
        const cell = r * this.columns + c;
        for (let k = this.cellStart[cell]!; k < this.cellStart[cell + 1]!; k++)
          visit(this.entries[k]!);
      }
    }
  }
}

/**
 * The pixels whose centres lie inside the outline (even-odd rule), over the outline's bounding
 * box within the picture: filled row by row between the edges' crossings.
 */
function insideMask(outline: readonly Point[], width: number, height: number) {
  const xs = outline.map((p) => p.x);
  const ys = outline.map((p) => p.y);
  const left = Math.max(0, Math.floor(Math.min(...xs)));
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const right = Math.min(width - 1, Math.ceil(Math.max(...xs)));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  if (right < left || bottom < top) return null;
  const columns = right - left + 1;
  const rows = bottom - top + 1;
  const mask = new Uint8Array(columns * rows);
  const crossings: number[] = [];
  for (let y = top; y <= bottom; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let i = 0; i < outline.length; i++) {
      const a = outline[i]!;
      const b = outline[(i + 1) % outline.length]!;
      if (a.y <= cy === b.y <= cy) continue;
      crossings.push(a.x + ((cy - a.y) * (b.x - a.x)) / (b.y - a.y));
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Pixels whose centre x + 0.5 lies between the two crossings.
      const from = Math.max(left, Math.ceil(crossings[k]! - 0.5));
      const to = Math.min(right, Math.floor(crossings[k + 1]! - 0.5));
      if (to >= from)
        mask.fill(1, (y - top) * columns + from - left, (y - top) * columns + to - left + 1);
    }
  }
  return { mask, left, top, right, bottom, columns, rows };
}
