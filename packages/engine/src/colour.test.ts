import { describe, expect, it } from 'vitest';
import { planColour } from './colour.js';

/**
 * The colour phase of a 160x60 picture, `frames` long, drawn left to right: red on the left, blue
 * on the right, a black pen line across the middle.
 */
function twoRegions(frames: number) {
  const width = 160;
  const height = 60;
  const rgba = new Uint8Array(width * height * 4);
  const grey = new Uint8Array(width * height).fill(255);
  for (let p = 0; p < width * height; p++) {
    rgba.set(p % width < 80 ? [200, 40, 40, 255] : [40, 60, 200, 255], p * 4);
    if (Math.floor(p / width) === 30) grey[p] = 20;
  }
  const zoneMap = new Uint8Array(width * height);
  const directions = ['Left to right' as const];
  const plan = planColour({ rgba, grey, zoneMap, width, height, directions, frames, seed: 1 });
  return { width, height, ...plan };
}

describe('colour phase', () => {
  it('lays the colour in region by region along the direction, each region as one quick wash', () => {
    const frames = 40;
    const { width, height, colour } = twoRegions(frames);
    const frameOf = new Int32Array(width * height);
    const { order, start } = colour.luma;
    for (let k = 0; k + 1 < start.length; k++)
      for (let i = start[k]!; i < start[k + 1]!; i++) frameOf[order[i]!] = k;
    // The halves away from the soft border between them.
    const span = (left: boolean) => {
      const values = [...frameOf].filter((_, p) => (left ? p % width < 70 : p % width >= 90));
      return { first: Math.min(...values), last: Math.max(...values) };
    };
    const red = span(true);
    const blue = span(false);
    expect(red.first).toBe(0);
    expect(red.last).toBeLessThan(blue.first);
    // A region 80 px long is laid in within a fraction of the phase, not swept across it.
    expect(red.last - red.first).toBeLessThan(frames * 0.3);
  });

  it('ends on flat painted colours with the ink on top', () => {
    const { width, finalRgb } = twoRegions(10);
    const at = (x: number, y: number) => [
      ...finalRgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3),
    ];
    // The line on top: its shade (20 of 255) times the paint under it.
    const [lr, lg, lb] = at(40, 30);
    expect(lr).toBeLessThan(30);
    expect(lg! + lb!).toBeLessThan(15);
    expect(at(40, 10)).toEqual(at(10, 50)); // one flat colour across the red region
    const [r, g, b] = at(40, 10);
    expect(r! > 150 && g! < 100 && b! < 100).toBe(true);
  });
});
