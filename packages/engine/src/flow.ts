/**
 * Pen lines along the image's edge flow: a difference of Gaussians smoothed along the edge tangent
 * (a flow-based DoG in the spirit of Kang, Lee and Chui, 2007). The tangent comes from the smoothed
 * structure tensor; smoothing along it joins broken edge pieces into long lines and blurs away
 * texture that runs across the flow, so fur or gravel gives a few lines rather than dust. Pure.
 */
import { gaussianBlur } from './blur.js';

export interface TangentField {
  tx: Float32Array;
  ty: Float32Array;
}

/**
 * Unit edge tangents (direction of least change) of a blurred luma image, from its structure
 * tensor smoothed with `sigma`. Flat areas get (1, 0); their DoG is about zero anyway.
 */
export function edgeTangents(
  g: Float32Array,
  width: number,
  height: number,
  sigma: number,
): TangentField {
  const n = width * height;
  const exx = new Float32Array(n);
  const exy = new Float32Array(n);
  const eyy = new Float32Array(n);
  for (let y = 0, p = 0; y < height; y++) {
    const up = y > 0 ? -width : 0;
    const down = y < height - 1 ? width : 0;
    for (let x = 0; x < width; x++, p++) {
      const gx = g[p + (x < width - 1 ? 1 : 0)]! - g[p - (x > 0 ? 1 : 0)]!;
      const gy = g[p + down]! - g[p + up]!;
      exx[p] = gx * gx;
      exy[p] = gx * gy;
      eyy[p] = gy * gy;
    }
  }
  gaussianBlur(exx, width, height, sigma);
  gaussianBlur(exy, width, height, sigma);
  gaussianBlur(eyy, width, height, sigma);
  // Reuse the tensor arrays for the tangent: the minor eigenvector of [[e, f], [f, h]].
  const tx = exx;
  const ty = eyy;
  for (let p = 0; p < n; p++) {
    const e = exx[p]!;
    const f = exy[p]!;
    const h = eyy[p]!;
    const half = (e - h) / 2;
    const minor = (e + h) / 2 - Math.sqrt(half * half + f * f);
    // Two forms of the same eigenvector; the longer one is the better conditioned.
    let ax = f;
    let ay = minor - e;
    const bx = minor - h;
    const by = f;
    if (bx * bx + by * by > ax * ax + ay * ay) {
      ax = bx;
      ay = by;
    }
    const len = Math.sqrt(ax * ax + ay * ay);
    if (len > 1e-12) {
      tx[p] = ax / len;
      ty[p] = ay / len;
    } else {
      tx[p] = 1;
      ty[p] = 0;
    }
  }
  return { tx, ty };
}

/**
 * Gaussian-weighted average of `values` along the streamline through each pixel (line integral
 * convolution, steps of about sigma / 2 px, nearest pixel), `sigma` in pixels. Pixels whose own
 * value is above `skipAbove` are left at 0 (the caller only looks for strongly negative averages,
 * and a streamline average that low needs a low centre too).
 */
export function smoothAlongFlow(
  values: Float32Array,
  field: TangentField,
  width: number,
  height: number,
  sigma: number,
  skipAbove = Infinity,
): Float32Array {
  const { tx, ty } = field;
  const stepLength = Math.max(1, sigma / 2);
  const steps = Math.max(1, Math.ceil((2 * sigma) / stepLength));
  const weight = Float32Array.from({ length: steps + 1 }, (_, k) =>
    Math.exp(-((k * stepLength) ** 2) / (2 * sigma * sigma)),
  );
  const out = new Float32Array(values.length);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      if (values[p]! > skipAbove) continue;
      let sum = values[p]!;
      let total = 1;
      for (let dir = -1; dir <= 1; dir += 2) {
        let px = x;
        let py = y;
        let dx = tx[p]! * dir;
        let dy = ty[p]! * dir;
        for (let k = 1; k <= steps; k++) {
          px += dx * stepLength;
          py += dy * stepLength;
          if (px < -0.5 || py < -0.5 || px >= width - 0.5 || py >= height - 0.5) break;
          const q = ((py + 0.5) | 0) * width + ((px + 0.5) | 0);
          const w = weight[k]!;
          sum += w * values[q]!;
          total += w;
          // Tangents have no sign: keep going the same way.
          let nx = tx[q]!;
          let ny = ty[q]!;
          if (nx * dx + ny * dy < 0) {
            nx = -nx;
            ny = -ny;
          }
          dx = nx;
          dy = ny;
        }
      }
      out[p] = sum / total;
    }
  }
  return out;
}

/** Smooth value noise in [0, 1] with features about `cell` pixels apart (fixed, seedless). */
export function valueNoise(width: number, height: number, cell: number): Float32Array {
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: gw * gh }, (_, i) => hash01(i));
  const out = new Float32Array(width * height);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0, p = 0; y < height; y++) {
    const gy = y / cell;
    const y0 = Math.floor(gy);
    const wy = smooth(gy - y0);
    for (let x = 0; x < width; x++, p++) {
      const gx = x / cell;
      const x0 = Math.floor(gx);
      const wx = smooth(gx - x0);
      const a = grid[y0 * gw + x0]!;
      const b = grid[y0 * gw + x0 + 1]!;
      const c = grid[(y0 + 1) * gw + x0]!;
      const d = grid[(y0 + 1) * gw + x0 + 1]!;
      out[p] = a + (b - a) * wx + (c - a + (a - b - c + d) * wx) * wy;
    }
  }
  return out;
}

/** A fixed integer hash to [0, 1). */
export function hash01(i: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
