import { describe, expect, it } from 'vitest';
import { sketchParams } from '../test/helpers.js';
import { colourDifference } from '../test/measures.js';
import { planColour } from './colour.js';
import type { ColourScript } from './frames.js';
import { KIND } from './hatch.js';
import { planSketch } from './sketch.js';

/** The frame of the colour phase in which each pixel takes its colour. */
function frameOfEachPixel(colour: ColourScript, n: number): Int32Array {
  const frameOf = new Int32Array(n);
  const { order, start } = colour.luma;
  for (let k = 0; k + 1 < start.length; k++)
    for (let i = start[k]!; i < start[k + 1]!; i++) frameOf[order[i]!] = k;
  return frameOf;
}

/** The colour frame of each pixel of a picture with no lines, painted left to right. */
function paintedFrames(rgba: Uint8Array, width: number, height: number, frames: number) {
  const { colour } = planColour({
    rgba,
    grey: new Uint8Array(width * height).fill(255),
    kind: new Uint8Array(width * height),
    zoneMap: new Uint8Array(width * height),
    width,
    height,
    directions: ['Left to right'],
    frames,
    seed: 1,
  });
  return frameOfEachPixel(colour, width * height);
}

/**
 * The colour phase of a 160x60 picture, `frames` long, drawn left to right: red on the left, blue
 * on the right, a black pen line across the middle, and a hatch line under it.
 */
function twoRegions(frames: number) {
  const width = 160;
  const height = 60;
  const rgba = new Uint8Array(width * height * 4);
  const grey = new Uint8Array(width * height).fill(255);
  const kind = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) {
    rgba.set(p % width < 80 ? [200, 40, 40, 255] : [40, 60, 200, 255], p * 4);
    const y = Math.floor(p / width);
    if (y === 30 || y === 40) grey[p] = 20;
    if (y === 30) kind[p] = KIND.contour;
    if (y === 40) kind[p] = KIND.hatch;
  }
  const zoneMap = new Uint8Array(width * height);
  const directions = ['Left to right' as const];
  const plan = planColour({
    rgba,
    grey,
    kind,
    zoneMap,
    width,
    height,
    directions,
    frames,
    seed: 1,
  });
  return { width, height, ...plan };
}

describe('colour phase', () => {
  it('lays the colour in along the direction, a large region as a quick wash the paint flows on from', () => {
    const frames = 40;
    const { width, height, colour } = twoRegions(frames);
    const frameOf = frameOfEachPixel(colour, width * height);
    const framesIn = (y: number, from: number, to: number) => [
      ...frameOf.subarray(y * width + from, y * width + to),
    ];
    // Row by row (the brush edge waves across them), the red half before the blue one, away from
    // the soft border between them.
    for (let y = 0; y < height; y++)
      expect(Math.max(...framesIn(y, 0, 70))).toBeLessThanOrEqual(
        Math.min(...framesIn(y, 90, width)),
      );
    // Away from the picture's edges, the red half is laid in within a fraction of the phase, not
    // swept across it; the paint flows on into the blue half, to the end of the phase.
    const red = Array.from({ length: 40 }, (_, i) => framesIn(10 + i, 0, 70)).flat();
    expect(Math.min(...red)).toBe(0);
    expect(Math.max(...red)).toBeLessThan(frames * 0.3);
    expect(Math.max(...frameOf)).toBe(frames - 1);
  });

  it("ends on the picture's colours, the pen lines on top and the hatching light", () => {
    const { width, finalRgb } = twoRegions(10);
    const at = (x: number, y: number) => [
      ...finalRgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3),
    ];
    expect(at(40, 10)).toEqual([200, 40, 40]);
    expect(at(120, 50)).toEqual([40, 60, 200]);
    // The line on top: its shade (20 of 255) times the colour under it.
    const [lr, lg, lb] = at(40, 30);
    expect(lr).toBeLessThan(30);
    expect(lg! + lb!).toBeLessThan(15);
    // The hatch line of the same shade only darkens the colour a little.
    const [hr] = at(40, 40);
    expect(hr).toBeGreaterThan(100);
    expect(hr).toBeLessThan(200);
  });

  it('paints small spots with the area around them: no unpainted hole inside a painted area', () => {
    // Spots of 36 px, under the smallest region laid in as a wash of its own at this size.
    const width = 960;
    const height = 480;
    const rgba = new Uint8Array(width * height * 4);
    const spot = new Uint8Array(width * height);
    for (let y = 0, p = 0; y < height; y++)
      for (let x = 0; x < width; x++, p++) {
        spot[p] = x % 30 >= 12 && x % 30 < 18 && y % 30 >= 12 && y % 30 < 18 ? 1 : 0;
        rgba.set(spot[p] ? [220, 200, 40, 255] : [30, 50, 160, 255], p * 4);
      }
    const frames = 60;
    const frameOf = paintedFrames(rgba, width, height, frames);
    // A spot's pixel is a hole while the area 4 px around it, on all four sides, is painted.
    let holes = 0;
    let spots = 0;
    for (let y = 4; y < height - 4; y++)
      for (let x = 4; x < width - 4; x++) {
        const p = y * width + x;
        if (!spot[p]) continue;
        spots++;
        const around = [p - 4, p + 4, p - 4 * width, p + 4 * width].filter((q) => !spot[q]);
        if (around.length && frameOf[p]! > Math.max(...around.map((q) => frameOf[q]!)) + 1) holes++;
      }
    expect(spots).toBeGreaterThan(500);
    expect(holes).toBe(0);
  });

  it('never leaves a light spot paper-white once the dark area around it is painted', () => {
    // A 40x40 light spot, far larger than a small region, near the end of a large dark area: it is
    // laid in as a wash of its own, which starts where it first appears along the direction.
    const width = 480;
    const height = 360;
    const [x0, y0, side] = [380, 160, 40];
    const inSpot = (x: number, y: number) => x >= x0 && x < x0 + side && y >= y0 && y < y0 + side;
    const rgba = new Uint8Array(width * height * 4);
    for (let y = 0, p = 0; y < height; y++)
      for (let x = 0; x < width; x++, p++)
        rgba.set(inSpot(x, y) ? [235, 225, 190, 255] : [40, 45, 70, 255], p * 4);
    const frames = 60;
    const frameOf = paintedFrames(rgba, width, height, frames);
    // The frame by which the dark ring 4-8 px around the spot is all painted, and the spot.
    let ringDone = 0;
    let spotDone = 0;
    for (let y = y0 - 8, p; y < y0 + side + 8; y++)
      for (let x = x0 - 8; x < x0 + side + 8; x++) {
        p = y * width + x;
        if (inSpot(x, y)) spotDone = Math.max(spotDone, frameOf[p]!);
        else if (!(x >= x0 - 4 && x < x0 + side + 4 && y >= y0 - 4 && y < y0 + side + 4))
          ringDone = Math.max(ringDone, frameOf[p]!);
      }
    // The dark area is laid in before the sweep reaches the spot, and the spot with it.
    expect(ringDone).toBeLessThan((frames * x0) / width);
    expect(spotDone).toBeLessThanOrEqual(ringDone);
  });

  it('ends on the colours of a smooth gradient (CIEDE2000 under 4.5 after a 4 px blur)', () => {
    const width = 240;
    const height = 160;
    const data = new Uint8Array(width * height * 4);
    for (let y = 0, p = 0; y < height; y++)
      for (let x = 0; x < width; x++, p++) {
        const t = x / (width - 1);
        const s = y / (height - 1);
        data.set([40 + 200 * t, 30 + 180 * s, 200 - 150 * t, 255], p * 4);
      }
    const image = { width, height, data };
    const sketch = planSketch(image, sketchParams({ colour: true }));
    expect(sketch.outline.kind.some((k) => k === KIND.hatch)).toBe(true);
    expect(colourDifference(image, sketch.finalRgb!)).toBeLessThan(4.5);
  });
});
