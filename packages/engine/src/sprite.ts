/**
 * A sprite plane drawn onto a canvas plane and restored afterwards. Opaque pixels are stored as
 * row runs (copied with TypedArray.set, i.e. memcpy); only the anti-aliased edge pixels are
 * blended one by one. Pure.
 */
export interface SpritePlane {
  runDx: Int16Array;
  runDy: Int16Array;
  runLen: Int16Array;
  runOff: Int32Array;
  values: Uint8Array;
  /** Partly transparent pixels. */
  dx: Int16Array;
  dy: Int16Array;
  a: Uint8Array;
  v: Uint8Array;
}

/** Builds a plane from per-pixel values and alpha (w x h), offsets relative to (ox, oy). */
export function buildPlane(
  value: Uint8Array,
  alpha: Uint8Array,
  w: number,
  h: number,
  ox: number,
  oy: number,
): SpritePlane {
  // Counted first, so the plane's arrays are made at their size.
  let runs = 0;
  let opaque = 0;
  let partial = 0;
  for (let i = 0; i < w * h; i++) {
    const al = alpha[i]!;
    if (al === 255) {
      opaque++;
      if (i % w === 0 || alpha[i - 1] !== 255) runs++;
    } else if (al >= 4) partial++;
  }
  const plane: SpritePlane = {
    runDx: new Int16Array(runs),
    runDy: new Int16Array(runs),
    runLen: new Int16Array(runs),
    runOff: new Int32Array(runs),
    values: new Uint8Array(opaque),
    dx: new Int16Array(partial),
    dy: new Int16Array(partial),
    a: new Uint8Array(partial),
    v: new Uint8Array(partial),
  };
  let r = 0;
  let o = 0;
  let j = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w;) {
      const i = y * w + x;
      const al = alpha[i]!;
      if (al === 255) {
        const start = x;
        plane.runOff[r] = o;
        while (x < w && alpha[y * w + x] === 255) plane.values[o++] = value[y * w + x++]!;
        plane.runDx[r] = start - ox;
        plane.runDy[r] = y - oy;
        plane.runLen[r++] = x - start;
        continue;
      }
      if (al >= 4) {
        plane.dx[j] = x - ox;
        plane.dy[j] = y - oy;
        plane.a[j] = al;
        plane.v[j++] = value[i]!;
      }
      x++;
    }
  }
  return plane;
}

export function planeSize(p: SpritePlane): number {
  return p.values.length + p.a.length;
}

/** Remembers what sprites covered so it can be put back. */
export class Underlay {
  private readonly values: Uint8Array;
  private readonly segIdx: Int32Array;
  private readonly segLen: Int32Array;
  private used = 0;
  private segs = 0;

  constructor(capacity: number) {
    this.values = new Uint8Array(capacity);
    this.segIdx = new Int32Array(capacity);
    this.segLen = new Int32Array(capacity);
  }

  /** Draws `plane` with its origin at (x, y) on a plane of the canvas at `base` (w x h). */
  draw(
    canvas: Uint8Array,
    base: number,
    w: number,
    h: number,
    plane: SpritePlane,
    x: number,
    y: number,
  ): void {
    const { runDx, runDy, runLen, runOff, values } = plane;
    for (let r = 0; r < runLen.length; r++) {
      const yy = y + runDy[r]!;
      if (yy < 0 || yy >= h) continue;
      const x0 = x + runDx[r]!;
      const a = x0 < 0 ? 0 : x0;
      const b = Math.min(w, x0 + runLen[r]!);
      if (b <= a) continue;
      const idx = base + yy * w + a;
      this.save(canvas, idx, b - a);
      const off = runOff[r]! + (a - x0);
      canvas.set(values.subarray(off, off + b - a), idx);
    }
    const { dx, dy, a, v } = plane;
    for (let j = 0; j < a.length; j++) {
      const xx = x + dx[j]!;
      const yy = y + dy[j]!;
      if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
      const idx = base + yy * w + xx;
      const old = canvas[idx]!;
      this.values[this.used++] = old;
      this.segIdx[this.segs] = idx;
      this.segLen[this.segs++] = 1;
      const al = a[j]!;
      canvas[idx] = (old * (255 - al) + v[j]! * al + 127) / 255;
    }
  }

  private save(canvas: Uint8Array, idx: number, len: number): void {
    this.values.set(canvas.subarray(idx, idx + len), this.used);
    this.segIdx[this.segs] = idx;
    this.segLen[this.segs++] = len;
    this.used += len;
  }

  /** Puts back everything drawn since the last restore. */
  restore(canvas: Uint8Array): void {
    let pos = 0;
    for (let s = 0; s < this.segs; s++) {
      const len = this.segLen[s]!;
      if (len === 1) canvas[this.segIdx[s]!] = this.values[pos]!;
      else canvas.set(this.values.subarray(pos, pos + len), this.segIdx[s]);
      pos += len;
    }
    this.used = 0;
    this.segs = 0;
  }
}
