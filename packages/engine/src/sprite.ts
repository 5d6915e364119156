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
  const runDx: number[] = [];
  const runDy: number[] = [];
  const runLen: number[] = [];
  const runOff: number[] = [];
  const values: number[] = [];
  const dx: number[] = [];
  const dy: number[] = [];
  const a: number[] = [];
  const v: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w;) {
      const i = y * w + x;
      const al = alpha[i]!;
      if (al === 255) {
        const start = x;
        runOff.push(values.length);
        while (x < w && alpha[y * w + x] === 255) values.push(value[y * w + x++]!);
        runDx.push(start - ox);
        runDy.push(y - oy);
        runLen.push(x - start);
        continue;
      }
      if (al >= 4) {
        dx.push(x - ox);
        dy.push(y - oy);
        a.push(al);
        v.push(value[i]!);
      }
      x++;
    }
  }
  return {
    runDx: Int16Array.from(runDx),
    runDy: Int16Array.from(runDy),
    runLen: Int16Array.from(runLen),
    runOff: Int32Array.from(runOff),
    values: Uint8Array.from(values),
    dx: Int16Array.from(dx),
    dy: Int16Array.from(dy),
    a: Uint8Array.from(a),
    v: Uint8Array.from(v),
  };
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
