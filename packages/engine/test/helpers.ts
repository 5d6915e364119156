import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { decodeImage } from '../src/decode.js';
import type { EncodeSettings, FrameSink } from '../src/encoder.js';
import type { SketchParams } from '../src/sketch.js';
import type { RgbaImage } from '../src/types.js';

const made: string[] = [];

/** A new empty directory, removed after the test file. */
export async function freshDir(prefix = 'rasma-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

export async function isEmptyDir(dir: string): Promise<boolean> {
  return (await readdir(dir)).length === 0;
}

/** Processes whose command line mentions `text` (to check ffmpeg is gone). */
export async function processesMentioning(text: string): Promise<number> {
  let count = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if ((await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes(text)) count++;
    } catch {
      // gone already
    }
  }
  return count;
}

/** Peak signal-to-noise ratio in dB between two byte arrays of equal length. */
export function psnr(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  const mse = sum / a.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** Spearman rank correlation of two equally long series. */
export function spearman(xs: readonly number[], ys: readonly number[]): number {
  const rank = (v: readonly number[]) => {
    const idx = v.map((_, i) => i).sort((i, j) => v[i]! - v[j]!);
    const r = new Float64Array(v.length);
    for (let k = 0; k < idx.length;) {
      let e = k;
      while (e + 1 < idx.length && v[idx[e + 1]!] === v[idx[k]!]) e++;
      for (let m = k; m <= e; m++) r[idx[m]!] = (k + e) / 2;
      k = e + 1;
    }
    return r;
  };
  const rx = rank(xs);
  const ry = rank(ys);
  const n = xs.length;
  const mean = (n - 1) / 2;
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < n; i++) {
    num += (rx[i]! - mean) * (ry[i]! - mean);
    dx += (rx[i]! - mean) ** 2;
    dy += (ry[i]! - mean) ** 2;
  }
  return num / Math.sqrt(dx * dy);
}

export async function rgbaOf(
  png: Buffer,
  longSide?: number,
): Promise<RgbaImage & { data: Uint8Array }> {
  return decodeImage(png, longSide ? { longSide } : {});
}

/** Sketch parameters as renderSketchVideo derives them from default options. */
export function sketchParams(over: Partial<SketchParams> = {}): SketchParams {
  return {
    zones: [],
    zoneScale: 1,
    grayscaleLevel: 128,
    direction: 'Left to right',
    drawingTime: 15,
    colour: false,
    seed: 1,
    ...over,
  };
}

/**
 * A render's `sink` that hands each frame to `frame` instead of encoding it, and leaves an empty
 * video file where the render expects one.
 */
export function frameSink(frame: (data: Uint8Array) => Promise<void>) {
  return (settings: EncodeSettings): FrameSink => ({
    start: () => Promise.resolve(),
    frame,
    finish: () => writeFile(settings.output, ''),
    abort: () => undefined,
  });
}
