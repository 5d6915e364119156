/**
 * Which way the hatching runs, from the picture's local structure: along the isophotes (the
 * direction of least change of the smoothed structure tensor), quantised to a few directions so
 * that each patch of one direction is hatched with straight lines, and one diagonal wherever the
 * picture has no clear direction (flat tone, or texture such as fur, grass or a starry sky, which
 * is flagged so it is drawn with a few suggestive strokes). The direction is the shading's (the
 * form's): gradients as steep as an edge are left out of it, or the hatching beside a dark area's
 * border (a picture's own, a tower against the sky) would run along that border, framing it.
 * Worked out on cells of a few pixels: the field is smooth at that scale anyway. Pure.
 */
import { gaussianBlur } from './blur.js';

/** Directions the hatching is quantised to (over 180 degrees); `FALLBACK` is the diagonal. */
export const DIRECTION_BINS = 12;
export const FALLBACK = DIRECTION_BINS;
/** The diagonal where the picture has no direction: rising to the right, as a right hand does. */
const FALLBACK_ANGLE = -Math.PI / 4;
/** Cell side and structure-tensor smoothing, at a 1920 px long side (scaled with the image). */
const CELL_AT_1920 = 6;
const FIELD_SIGMA_AT_1920 = 24;
/** Below this coherence ((l1 - l2) / (l1 + l2) of the tensor) the picture has no direction. */
const MIN_COHERENCE = 0.3;
/** Cells around each cell whose commonest direction it takes. */
const MAJORITY_RADIUS = 2;
/**
 * Squared luma change per pixel (luma 0-1, averaged by the tensor's smoothing): under
 * `DIRECTION_ENERGY` an area is flat tone (its direction would be noise's), above
 * `TEXTURE_ENERGY` an area without direction is texture.
 */
const DIRECTION_ENERGY = 4e-6;
const TEXTURE_ENERGY = 2e-5;
/**
 * A luma change across two cells at least this large is an edge, the pen line's business, not
 * shading: left out of the form's direction and energy.
 */
const EDGE_STEP = 0.1;

export interface HatchDirections {
  /** Cell side in pixels; cell (cx, cy) covers pixels [cx * cell, (cx + 1) * cell). */
  cell: number;
  columns: number;
  /** Direction bin of each cell, 0..DIRECTION_BINS - 1, or FALLBACK. */
  bin: Uint8Array;
  /** 1 where the cell is texture without a direction. */
  texture: Uint8Array;
  /** 1 where the cell is flat: neither texture nor shading (edges aside) under it. */
  flat: Uint8Array;
}

/** The angle (radians, y down) of a direction bin. */
export function binAngle(bin: number): number {
  return bin === FALLBACK ? FALLBACK_ANGLE : (bin * Math.PI) / DIRECTION_BINS;
}

/** Hatching directions of a smoothed luma picture (values 0-1), `scale` = long side / 1920. */
export function hatchDirections(
  luma: Float32Array,
  width: number,
  height: number,
  scale: number,
): HatchDirections {
  const cell = Math.max(1, Math.round(CELL_AT_1920 * scale));
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const cells = columns * rows;
  const mean = new Float32Array(cells);
  const counts = new Float32Array(cells);
  for (let y = 0, p = 0; y < height; y++) {
    const o = ((y / cell) | 0) * columns;
    for (let x = 0; x < width; x++, p++) {
      const c = o + ((x / cell) | 0);
      mean[c]! += luma[p]!;
      counts[c]!++;
    }
  }
  for (let c = 0; c < cells; c++) mean[c]! /= counts[c]!;
  // Structure tensors of the cell picture, per pixel (gradients over two cells, divided out):
  // of every gradient (whether the picture is textured), and of the form's, edges left out.
  const all = [new Float32Array(cells), new Float32Array(cells), new Float32Array(cells)];
  const form = [new Float32Array(cells), new Float32Array(cells), new Float32Array(cells)];
  const k = 1 / (2 * cell);
  for (let cy = 0, c = 0; cy < rows; cy++) {
    const up = cy > 0 ? -columns : 0;
    const down = cy < rows - 1 ? columns : 0;
    for (let cx = 0; cx < columns; cx++, c++) {
      const dx = mean[c + (cx < columns - 1 ? 1 : 0)]! - mean[c - (cx > 0 ? 1 : 0)]!;
      const dy = mean[c + down]! - mean[c + up]!;
      const isEdge = dx * dx + dy * dy >= EDGE_STEP * EDGE_STEP;
      const tensor = [dx * dx * k * k, dx * dy * k * k, dy * dy * k * k];
      for (let i = 0; i < 3; i++) {
        all[i]![c] = tensor[i]!;
        form[i]![c] = isEdge ? 0 : tensor[i]!;
      }
    }
  }
  const sigma = Math.max(1, (FIELD_SIGMA_AT_1920 * scale) / cell);
  for (const e of [...all, ...form]) gaussianBlur(e, columns, rows, sigma);
  const bin = new Uint8Array(cells);
  const texture = new Uint8Array(cells);
  const flat = new Uint8Array(cells);
  const step = Math.PI / DIRECTION_BINS;
  for (let c = 0; c < cells; c++) {
    const whole = tensorShape(all[0]![c]!, all[1]![c]!, all[2]![c]!);
    texture[c] = whole.energy > TEXTURE_ENERGY && whole.coherence < MIN_COHERENCE ? 1 : 0;
    const e = form[0]![c]!;
    const f = form[1]![c]!;
    const h = form[2]![c]!;
    const shape = tensorShape(e, f, h);
    flat[c] = shape.energy < DIRECTION_ENERGY && texture[c] === 0 ? 1 : 0;
    if (shape.energy < DIRECTION_ENERGY || shape.coherence < MIN_COHERENCE) {
      bin[c] = FALLBACK;
      continue;
    }
    // The gradient's angle, turned a quarter: along the isophote.
    const along = 0.5 * Math.atan2(2 * f, e - h) + Math.PI / 2;
    bin[c] = ((Math.round(along / step) % DIRECTION_BINS) + DIRECTION_BINS) % DIRECTION_BINS;
  }
  return { cell, columns, bin: majority(bin, columns, rows), texture, flat };
}

/** Energy (trace) and coherence ((l1 - l2) / (l1 + l2)) of the tensor [[e, f], [f, h]]. */
function tensorShape(e: number, f: number, h: number): { energy: number; coherence: number } {
  const energy = e + h;
  return { energy, coherence: energy > 0 ? Math.hypot(e - h, 2 * f) / energy : 0 };
}

/**
 * Each cell's commonest bin in the (2 MAJORITY_RADIUS + 1) square of cells around it: where the
 * direction lies near the border of two bins, noise would otherwise interleave them cell by cell
 * and cut the hatching into fragments.
 */
function majority(bin: Uint8Array, columns: number, rows: number): Uint8Array {
  const out = new Uint8Array(bin.length);
  const votes = new Int32Array(DIRECTION_BINS + 1);
  for (let cy = 0, c = 0; cy < rows; cy++) {
    for (let cx = 0; cx < columns; cx++, c++) {
      votes.fill(0);
      for (
        let y = Math.max(0, cy - MAJORITY_RADIUS);
        y <= Math.min(rows - 1, cy + MAJORITY_RADIUS);
        y++
      )
        for (
          let x = Math.max(0, cx - MAJORITY_RADIUS);
          x <= Math.min(columns - 1, cx + MAJORITY_RADIUS);
          x++
        )
          votes[bin[y * columns + x]!]!++;
      let best = bin[c]!;
      for (let b = 0; b <= DIRECTION_BINS; b++) if (votes[b]! > votes[best]!) best = b;
      out[c] = best;
    }
  }
  return out;
}
