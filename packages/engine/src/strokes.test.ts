import { describe, expect, it } from 'vitest';
import { KIND, CROSSED, outline } from './outline.js';
import { centreLines, penStrokes, thin, traceStrokes } from './strokes.js';

function draw(
  width: number,
  height: number,
  rects: [number, number, number, number][],
): Uint8Array {
  const ink = new Uint8Array(width * height);
  for (const [x0, y0, x1, y1] of rects)
    for (let y = y0; y < y1; y++) ink.fill(1, y * width + x0, y * width + x1);
  return ink;
}

describe('strokes', () => {
  it('thins a thick bar to a one-pixel centre line', () => {
    const ink = draw(40, 20, [[5, 8, 35, 13]]);
    const skeleton = thin(ink, 40, 20);
    const rows = new Set<number>();
    let count = 0;
    skeleton.forEach((v, p) => {
      if (v) {
        rows.add(Math.floor(p / 40));
        count++;
      }
    });
    expect(count).toBeGreaterThan(20);
    expect([...rows].every((r) => r >= 9 && r <= 11)).toBe(true);
  });

  it('splits a cross at its junction into four strokes', () => {
    const ink = draw(41, 41, [
      [0, 20, 41, 21],
      [20, 0, 21, 41],
    ]);
    const strokes = traceStrokes(ink, new Uint8Array(41 * 41), 41, 41);
    expect(strokes.filter((s) => s.pixels.length > 5)).toHaveLength(4);
    const covered = new Set(strokes.flatMap((s) => s.pixels));
    expect(covered.size).toBe(81);
  });

  it('walks a closed ring as one closed polyline through all its pixels, step by step', () => {
    const size = 30;
    const ink = new Uint8Array(size * size);
    for (let a = 0; a < 720; a++) {
      const x = Math.round(15 + 10 * Math.cos((a * Math.PI) / 360));
      const y = Math.round(15 + 10 * Math.sin((a * Math.PI) / 360));
      ink[y * size + x] = 1;
    }
    const { skeleton } = centreLines(ink, new Uint8Array(size * size), size, size);
    const strokes = traceStrokes(skeleton, new Uint8Array(size * size), size, size);
    expect(strokes).toHaveLength(1);
    const pixels = strokes[0]!.pixels;
    // It ends where it started, and passes every centre-line pixel of the ring once.
    expect(pixels.at(-1)).toBe(pixels[0]);
    const ring: number[] = [];
    skeleton.forEach((v, p) => {
      if (v) ring.push(p);
    });
    expect(ring.length).toBeGreaterThan(60); // the circumference is about 63 px
    expect(pixels.slice(1).sort((a, b) => a - b)).toEqual(ring);
    for (let i = 1; i < pixels.length; i++) {
      const a = pixels[i - 1]!;
      const b = pixels[i]!;
      expect(Math.abs((a % size) - (b % size))).toBeLessThanOrEqual(1);
      expect(Math.abs(Math.floor(a / size) - Math.floor(b / size))).toBeLessThanOrEqual(1);
    }
  });

  it('gives every ink pixel a centre-line owner', () => {
    const ink = draw(30, 30, [
      [2, 2, 4, 4],
      [10, 5, 25, 12],
      [5, 20, 28, 22],
    ]);
    const { owner } = centreLines(ink, new Uint8Array(900), 30, 30);
    ink.forEach((v, p) => {
      if (v) expect(owner[p]).toBeGreaterThanOrEqual(0);
    });
  });

  it('draws the hatching along the lines it was made of: whole lines, each pixel owned by its own line', () => {
    // A dark picture at the darkest level: hatching and cross-hatching over all of it, each at
    // one angle (a flat tone has no direction of its own).
    const size = 400;
    const data = new Uint8Array(size * size * 4).fill(30);
    for (let p = 3; p < data.length; p += 4) data[p] = 255;
    const lines = outline({ width: size, height: size, data }, { grayscaleLevel: 255 });
    const { strokes, owner } = penStrokes(lines);
    // The kinds of strokes through each pixel (a crossing is on a hatching and a cross line).
    const kindsOnStrokes = new Map<number, number>();
    for (const s of strokes)
      for (const p of s.pixels)
        kindsOnStrokes.set(p, (kindsOnStrokes.get(p) ?? 0) | (1 << s.kind!));
    let hatchPixels = 0;
    let crossed = 0;
    for (let p = 0; p < lines.kind.length; p++) {
      const k = lines.kind[p]!;
      if ((k & 7) !== KIND.hatch && (k & 7) !== KIND.cross) continue;
      hatchPixels++;
      if (k & CROSSED) crossed++;
      const o = owner[p]!;
      // A hatch pixel (crossed or not) is drawn with its hatching line, a cross-hatching pixel
      // with its own line, and by the pen passing right there, not on a neighbouring line.
      expect((kindsOnStrokes.get(o)! >> (k & 7)) & 1).toBe(1);
      const dx = (o % size) - (p % size);
      const dy = Math.floor(o / size) - Math.floor(p / size);
      expect(Math.hypot(dx, dy)).toBeLessThan(2.5);
    }
    expect(hatchPixels).toBeGreaterThan(5000);
    expect(crossed).toBeGreaterThan(200);
    for (const kind of [KIND.hatch, KIND.cross]) {
      const ofKind = strokes.filter((s) => s.kind === kind);
      // Lines run across the picture: most of the hatching is drawn in whole lines, tens of
      // pixels long (the short ones are bits of lines in its corners), their pixels a step apart.
      const total = ofKind.reduce((sum, s) => sum + s.pixels.length, 0);
      const inLong = ofKind.reduce(
        (sum, s) => sum + (s.pixels.length >= 60 ? s.pixels.length : 0),
        0,
      );
      expect(inLong / total).toBeGreaterThan(0.7);
      for (const s of ofKind)
        for (let i = 1; i < s.pixels.length; i++) {
          const a = s.pixels[i - 1]!;
          const b = s.pixels[i]!;
          expect(Math.abs((a % size) - (b % size))).toBeLessThanOrEqual(3);
          expect(Math.abs(Math.floor(a / size) - Math.floor(b / size))).toBeLessThanOrEqual(3);
        }
    }
  });
});
