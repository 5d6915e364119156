/**
 * Recursive Gaussian blur (Young & van Vliet, 1995): constant cost per pixel whatever the sigma,
 * on a Float32Array image, in place. Rows are filtered left-right then right-left; columns are
 * filtered a whole row at a time so memory is read sequentially.
 */
export function gaussianBlur(
  data: Float32Array,
  width: number,
  height: number,
  sigma: number,
): void {
  const s = Math.max(0.5, sigma);
  const q = s >= 2.5 ? 0.98711 * s - 0.9633 : 3.97156 - 4.14554 * Math.sqrt(1 - 0.26891 * s);
  const q2 = q * q;
  const q3 = q2 * q;
  const b0 = 1.57825 + 2.44413 * q + 1.4281 * q2 + 0.422205 * q3;
  const c1 = (2.44413 * q + 2.85619 * q2 + 1.26661 * q3) / b0;
  const c2 = -(1.4281 * q2 + 1.26661 * q3) / b0;
  const c3 = (0.422205 * q3) / b0;
  const k = { B: 1 - (c1 + c2 + c3), c1, c2, c3 };
  blurRows(data, width, height, k);
  blurColumns(data, width, height, k);
}

/** Filter coefficients: output = B * input + c1 * previous + c2 * before + c3 * before that. */
interface Coefficients {
  B: number;
  c1: number;
  c2: number;
  c3: number;
}

function blurRows(d: Float32Array, w: number, h: number, k: Coefficients): void {
  for (let y = 0; y < h; y++) {
    sweep(d, y * w, y * w + w - 1, 1, k);
    sweep(d, y * w + w - 1, y * w, -1, k);
  }
}

/** One causal pass from index `from` to `to` (inclusive) in steps of `step`, edge value padded. */
function sweep(d: Float32Array, from: number, to: number, step: number, k: Coefficients): void {
  const { B, c1, c2, c3 } = k;
  let w1 = d[from]!;
  let w2 = w1;
  let w3 = w1;
  for (let i = from; i !== to + step; i += step) {
    const v = B * d[i]! + c1 * w1 + c2 * w2 + c3 * w3;
    d[i] = v;
    w3 = w2;
    w2 = w1;
    w1 = v;
  }
}

function blurColumns(d: Float32Array, w: number, h: number, k: Coefficients): void {
  const { B, c1, c2, c3 } = k;
  // Forward: row y depends on rows y-1..y-3 (clamped to row 0).
  for (let y = 0; y < h; y++) {
    const o = y * w;
    const o1 = Math.max(0, y - 1) * w;
    const o2 = Math.max(0, y - 2) * w;
    const o3 = Math.max(0, y - 3) * w;
    if (y === 0) continue;
    for (let x = 0; x < w; x++) {
      d[o + x] = B * d[o + x]! + c1 * d[o1 + x]! + c2 * d[o2 + x]! + c3 * d[o3 + x]!;
    }
  }
  for (let y = h - 2; y >= 0; y--) {
    const o = y * w;
    const o1 = Math.min(h - 1, y + 1) * w;
    const o2 = Math.min(h - 1, y + 2) * w;
    const o3 = Math.min(h - 1, y + 3) * w;
    for (let x = 0; x < w; x++) {
      d[o + x] = B * d[o + x]! + c1 * d[o1 + x]! + c2 * d[o2 + x]! + c3 * d[o3 + x]!;
    }
  }
}
