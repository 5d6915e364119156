import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outline, outlineToGrey, removeSpecks } from './outline.js';
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

const inkCount = (ink: Uint8Array) => ink.reduce((a, v) => a + v, 0);

describe('outline', () => {
  it('draws the edges of a shape and leaves white paper white', () => {
    const result = outline(squareImage(64, 0));
    expect(result.ink[32 * 64 + 19]).toBe(1); // on the left edge
    expect(result.ink[5 * 64 + 5]).toBe(0); // paper
    const grey = outlineToGrey(result);
    expect(grey[5 * 64 + 5]).toBe(255);
    expect(grey[32 * 64 + 19]).toBeLessThan(80);
  });

  it('turns more of the dark areas into ink as the level rises', () => {
    const image = squareImage(64, 110);
    const counts = [0, 64, 128, 192, 255].map((level) =>
      inkCount(outline(image, { grayscaleLevel: level }).ink),
    );
    expect(counts[0]).toBe(0);
    for (let i = 1; i < counts.length; i++)
      expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
    expect(counts[4]).toBeGreaterThan(counts[1]!);
  });

  it('uses the fill level inside a zone instead of the global level', () => {
    const image = squareImage(64, 110);
    const zone = { points: [{ x: 32, y: 32 }], brushSize: 20, fillLevel: 100 };
    const plain = outline(image, { grayscaleLevel: 0 });
    const zoned = outline(image, { grayscaleLevel: 0, zones: [zone] });
    expect(inkCount(plain.ink)).toBe(0);
    expect(zoned.ink[32 * 64 + 32]).toBe(1);
    expect(zoned.ink[5 * 64 + 5]).toBe(0);
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
    };
    const seen = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      for (const match of readFileSync(url, 'utf8').matchAll(/from '([^']+)'/g)) {
        const spec = match[1]!;
        const source = spec.startsWith('.') ? spec.replace(/\.js$/, '.ts') : workspace[spec];
        expect(source, `${url.pathname} imports ${spec}`).toBeDefined();
        visit(new URL(source!, spec.startsWith('.') ? url : import.meta.url));
      }
    };
    visit(new URL('./outline-entry.ts', import.meta.url));
    expect(seen.size).toBeGreaterThan(2);
  });
});
