import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hatchDirectionShare, solidInkShare } from '../test/measures.js';
import { removeSpecks } from './components.js';
import { hatchGeometry, openMask } from './hatch.js';
import { KIND, outline, outlineToGrey } from './outline.js';
import type { OutlineResult } from './outline.js';
import type { RgbaImage } from './types.js';

/** White image with a dark square (grey level `g`) in the middle. */
function squareImage(size: number, g: number, from = 0.3, to = 0.7): RgbaImage {
  const data = new Uint8Array(size * size * 4).fill(255);
  for (let y = Math.floor(size * from); y < size * to; y++) {
    for (let x = Math.floor(size * from); x < size * to; x++)
      data.fill(g, (y * size + x) * 4, (y * size + x) * 4 + 3);
  }
  return { width: size, height: size, data };
}

const isHatch = (kind: number) => (kind & 7) === KIND.hatch || (kind & 7) === KIND.cross;
const hatchCount = (result: OutlineResult) => result.kind.filter(isHatch).length;

describe('outline', () => {
  it('draws the edges of a shape as near-black pen lines and leaves white paper white', () => {
    const result = outline(squareImage(64, 0), { grayscaleLevel: 0 });
    expect(result.ink[32 * 64 + 19]).toBe(1); // on the left edge
    expect(result.ink[5 * 64 + 5]).toBe(0); // paper
    // At level 0 only the outlines: the black square's inside stays paper.
    expect(result.ink[32 * 64 + 32]).toBe(0);
    const grey = outlineToGrey(result);
    expect(grey[5 * 64 + 5]).toBe(255);
    expect(grey[32 * 64 + 19]).toBeLessThan(40);
  });

  it('hatches dark areas more densely the darker they are, a flat light tone barely, cross-hatching only the darkest', () => {
    const shares = [30, 70, 100, 170].map((g) => {
      const result = outline(squareImage(128, g, 0.1, 0.9));
      let inked = 0;
      let crossed = 0;
      for (let y = 30; y < 98; y++)
        for (let x = 30; x < 98; x++) {
          inked += result.ink[y * 128 + x]!;
          if ((result.kind[y * 128 + x]! & 7) === KIND.cross) crossed++;
        }
      // Lines with paper between them: no slab of ink a 9x9 square fits in.
      expect(solidInkShare(result.ink, 128, 128)).toBe(0);
      return { inked: inked / 68 ** 2, crossed };
    });
    expect(shares[0]!.inked).toBeGreaterThan(shares[1]!.inked + 0.05);
    expect(shares[1]!.inked).toBeGreaterThan(shares[2]!.inked + 0.05);
    // A flat mid-light tone is only touched in; light grey stays paper.
    expect(shares[2]!.inked).toBeGreaterThan(0);
    expect(shares[2]!.inked).toBeLessThan(0.04);
    expect(shares[3]!.inked).toBe(0);
    expect(shares[0]!.crossed).toBeGreaterThan(50);
    expect(shares[1]!.crossed).toBe(0);
  });

  it('draws more of the darkness as hatching as the level rises, none at level 0', () => {
    const image = squareImage(64, 110);
    const counts = [0, 64, 128, 192, 255].map((level) =>
      hatchCount(outline(image, { grayscaleLevel: level })),
    );
    expect(counts[0]).toBe(0);
    for (let i = 1; i < counts.length; i++)
      expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
    expect(counts[4]).toBeGreaterThan(counts[1]! + 50);
  });

  it('runs the hatching around the forms: along concentric rings, not one way across them', () => {
    const size = 320;
    const centre = size / 2;
    const data = new Uint8Array(size * size * 4).fill(255);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const r = Math.hypot(x - centre, y - centre);
        data.fill(
          128 + 127 * Math.cos((2 * Math.PI * r) / 48),
          (y * size + x) * 4,
          (y * size + x) * 4 + 3,
        );
      }
    const result = outline({ width: size, height: size, data });
    const { along, dirs } = result.hatchLines;
    let hatched = 0;
    let tangent = 0; // hatch pixels whose line runs within 20 degrees of the ring's tangent
    along.forEach((id, p) => {
      const x = (p % size) - centre;
      const y = Math.floor(p / size) - centre;
      const r = Math.hypot(x, y);
      if (id < 0 || r < 24) return;
      hatched++;
      const acrossRing = Math.abs((dirs[id * 2]! * x + dirs[id * 2 + 1]! * y) / r);
      if (acrossRing < Math.sin((20 * Math.PI) / 180)) tangent++;
    });
    expect(hatched).toBeGreaterThan(5000);
    expect(tangent / hatched).toBeGreaterThan(0.8);
    expect(hatchDirectionShare(result.hatchLines)).toBeLessThan(0.4);
  });

  it('cross-hatches a dark curved surface with long lines at one angle, not a patchwork of crossings', () => {
    // A dark sphere-like shading: the hatching turns around it, the crossing lines should not.
    const size = 320;
    const data = new Uint8Array(size * size * 4).fill(255);
    for (let p = 0; p < size * size; p++)
      data.fill(
        5 + 0.6 * Math.hypot((p % size) - 160, Math.floor(p / size) - 160),
        p * 4,
        p * 4 + 3,
      );
    const { across, along, dirs } = outline({ width: size, height: size, data }).hatchLines;
    expect(across.filter((id) => id >= 0).length).toBeGreaterThan(5000);
    // Within 15 degrees of one direction: the crossing lines (read as the measure's `along`),
    // while the hatching itself turns.
    expect(hatchDirectionShare({ along: across, across: along, dirs })).toBeGreaterThan(0.6);
    expect(hatchDirectionShare({ along, across, dirs })).toBeLessThan(0.5);
  });

  it('hatches a flat tone without a direction at one diagonal, rising to the right', () => {
    const result = outline(squareImage(160, 90, 0.1, 0.9));
    const { along, dirs } = result.hatchLines;
    let inside = 0;
    along.forEach((id, p) => {
      const x = p % 160;
      const y = Math.floor(p / 160);
      if (id < 0 || x < 40 || x >= 120 || y < 40 || y >= 120) return;
      inside++;
      expect(dirs[id * 2]!).toBeCloseTo(Math.SQRT1_2);
      expect(dirs[id * 2 + 1]!).toBeCloseTo(-Math.SQRT1_2);
    });
    expect(inside).toBeGreaterThan(500);
  });

  it('does not run the hatching along the border of a dark picture on paper: no frame', () => {
    // A dark picture (as fitted inside a video frame) with a faint tone change inside it.
    const size = 480;
    const data = new Uint8Array(size * size * 4).fill(255);
    for (let y = 48; y < 432; y++)
      for (let x = 48; x < 432; x++)
        data.fill(40 + (x + y) / 48, (y * size + x) * 4, (y * size + x) * 4 + 3);
    const { along, dirs } = outline({ width: size, height: size, data }).hatchLines;
    let nearBorder = 0;
    let alongBorder = 0; // hatch pixels whose line runs within 20 degrees of the nearest border
    along.forEach((id, p) => {
      const x = p % size;
      const y = Math.floor(p / size);
      const fromSide = Math.min(x - 48, 431 - x);
      const fromTop = Math.min(y - 48, 431 - y);
      if (id < 0 || Math.min(fromSide, fromTop) > 30) return;
      nearBorder++;
      const across = Math.abs(fromSide < fromTop ? dirs[id * 2]! : dirs[id * 2 + 1]!);
      if (across < Math.sin((20 * Math.PI) / 180)) alongBorder++;
    });
    expect(nearBorder).toBeGreaterThan(2000);
    expect(alongBorder / nearBorder).toBeLessThan(0.1);
  });

  it('leaves paper between a main contour and the hatching beside it', () => {
    // A dark disc on a slightly lighter dark ground: both hatched, the disc's edge a contour.
    const size = 320;
    const data = new Uint8Array(size * size * 4);
    for (let p = 0; p < size * size; p++) {
      const inside = Math.hypot((p % size) - 160, Math.floor(p / size) - 160) < 90;
      data.fill(inside ? 15 : 70, p * 4, p * 4 + 3);
      data[p * 4 + 3] = 255;
    }
    const result = outline({ width: size, height: size, data });
    let contour = 0;
    let touching = 0;
    result.kind.forEach((k, p) => {
      if (k !== KIND.contour) return;
      contour++;
      for (const q of [p - 1, p + 1, p - size, p + size]) if (isHatch(result.kind[q]!)) touching++;
    });
    expect(contour).toBeGreaterThan(300);
    expect(hatchCount(result)).toBeGreaterThan(5000);
    expect(touching).toBe(0);
  });

  it('uses the fill level inside a zone instead of the global level', () => {
    const image = squareImage(64, 110);
    const zone = { points: [{ x: 32, y: 32 }], brushSize: 20, fillLevel: 100 };
    const plain = outline(image, { grayscaleLevel: 0 });
    const zoned = outline(image, { grayscaleLevel: 0, zones: [zone] });
    expect(hatchCount(plain)).toBe(0);
    expect(hatchCount(zoned)).toBeGreaterThan(20);
    zoned.kind.forEach((k, p) => {
      if (isHatch(k)) expect(zoned.zoneMap[p], `hatch at ${p}`).toBe(1);
    });
    expect(zoned.zoneMap[32 * 64 + 32]).toBe(1);
    // Zone coordinates scale with the pixels.
    const scaled = outline(squareImage(128, 110), {
      grayscaleLevel: 0,
      zones: [zone],
      zoneScale: 2,
    });
    expect(scaled.zoneMap[64 * 128 + 64 + 15]).toBe(1);
    expect(scaled.zoneMap[64 * 128 + 64 + 25]).toBe(0);
  });

  it('drops specks smaller than the limit', () => {
    const ink = new Uint8Array(100);
    ink[11] = 1; // lone pixel
    for (const p of [55, 56, 65, 66]) ink[p] = 1; // 2x2 block
    removeSpecks(ink, 10, 10, 3);
    expect(ink[11]).toBe(0);
    expect([55, 56, 65, 66].every((p) => ink[p] === 1)).toBe(true);
  });

  it('is importable in a browser: the outline entry pulls in no Node modules', () => {
    // Workspace modules it may use (plain constants), by where their source is.
    const workspace: Record<string, string> = {
      '@rasma/contract/constants': '../../contract/src/constants.ts',
      '@rasma/contract/stroke-edit-limits': '../../contract/src/stroke-edit-limits.ts',
      '@rasma/contract/story-limits': '../../contract/src/story-limits.ts',
    };
    const seen = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      // Type imports are erased: only what runs counts.
      const statements = /(?:^|\n)(?:import|export)\s+(type\s)?[^;]*?from '([^']+)'/g;
      for (const match of readFileSync(url, 'utf8').matchAll(statements)) {
        if (match[1]) continue;
        const spec = match[2]!;
        const source = spec.startsWith('.') ? spec.replace(/\.js$/, '.ts') : workspace[spec];
        expect(source, `${url.pathname} imports ${spec}`).toBeDefined();
        visit(new URL(source!, spec.startsWith('.') ? url : import.meta.url));
      }
    };
    visit(new URL('./outline-entry.ts', import.meta.url));
    expect(seen.size).toBeGreaterThan(2);
  });
});

describe('hatchGeometry', () => {
  it('keeps every hatch line within a quarter spacing of its centre, at every picture size', () => {
    // The hatching looks only at the line of a layer pair nearest each pixel: the pair's lines
    // are half a spacing apart, so a wider line would be missed where it reaches past the middle.
    for (let longSide = 16; longSide <= 8000; longSide += 8) {
      const { spacing, reach } = hatchGeometry(longSide / 1920);
      expect(reach, `at ${longSide} px`).toBeLessThan(spacing / 4);
    }
  });
});

describe('openMask', () => {
  /** A mask from rows of '#' (in) and '.' (out). */
  const mask = (rows: string[]) => ({
    data: Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0)),
    width: rows[0]!.length,
    height: rows.length,
  });
  const show = (data: Uint8Array, width: number) =>
    Array.from({ length: data.length / width }, (_, y) =>
      Array.from(data.subarray(y * width, (y + 1) * width), (v) => (v ? '#' : '.')).join(''),
    );

  it('keeps what 3x3 squares cover, drops what is narrower, up to the picture edge', () => {
    const { data, width, height } = mask([
      '####.......',
      '####..##...',
      '####..##...',
      '......##...',
      '.#########.',
      '...........',
    ]);
    // The 4x3 block is covered by two squares; the 2 px column and the 1 px row by none.
    expect(show(openMask(data, width, height, 1), width)).toEqual([
      '####.......',
      '####.......',
      '####.......',
      '...........',
      '...........',
      '...........',
    ]);
    const corner = ['......', '..####', '..####', '..####'];
    const { data: inCorner } = mask(corner);
    expect(show(openMask(inCorner, 6, 4, 1), 6)).toEqual(corner);
  });
});
