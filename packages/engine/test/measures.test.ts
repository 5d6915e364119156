import { describe, expect, it } from 'vitest';
import { ciede2000, enclosedUnpaintedShare, flatAreaInkShare, inkShare } from './measures.js';

describe('quality measures', () => {
  it('counts ink where the frame is darker than mid grey, and flat-area ink only over flat light source', () => {
    // Source: left half an even light grey (flat), right half a fine light checker (not flat);
    // then a dark band across the bottom (flat but dark: not counted either).
    const width = 40;
    const height = 60;
    const data = new Uint8Array(width * height * 4).fill(255);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const v = y >= 30 ? 40 : x < 20 ? 180 : (x + y) % 2 === 0 ? 120 : 240;
        data.fill(v, (y * width + x) * 4, (y * width + x) * 4 + 3);
      }
    const image = { width, height, data };
    const grey = new Uint8Array(width * height).fill(255);
    for (let y = 0; y < 30; y++) grey[y * width + 30] = 20; // a line down the checker
    grey[5 * width + 5] = 127; // one ink pixel on the flat grey, and one pale grey beside it
    grey[5 * width + 6] = 128;
    expect(inkShare(grey)).toBeCloseTo(31 / 2400, 6);
    // The flat light pixels: the left half above the band, less its rims near the checker and the band.
    const flatInk = flatAreaInkShare(image, grey);
    expect(flatInk).toBeGreaterThan(1 / 600);
    expect(flatInk).toBeLessThan(1 / 200);
    for (let x = 0; x < width; x++) grey[50 * width + x] = 0; // ink over the dark band only
    expect(flatAreaInkShare(image, grey)).toBeCloseTo(flatInk, 6);
  });

  it("gives the CIEDE2000 of Sharma, Wu and Dalal's published test pairs (2005, table 1)", () => {
    // Pairs 1, 7, 10, 11, 13, 17 and 25: blue near the hue rotation, a grey, hue angles across
    // the 0/360 and 180 degree seams, a large difference, a green.
    const pairs: [[number, number, number], [number, number, number], number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, 0, 0], [50, -1, 2], 2.3669],
      [[50, 2.49, -0.001], [50, -2.49, 0.001], 7.1792],
      [[50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195],
      [[50, -0.001, 2.49], [50, 0.0009, -2.49], 4.8045],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    ];
    for (const [lab1, lab2, expected] of pairs) {
      expect(ciede2000(lab1, lab2)).toBeCloseTo(expected, 4);
      expect(ciede2000(lab2, lab1)).toBeCloseTo(expected, 4);
    }
  });

  it('counts as holes the unpainted pixels cut off by paint from the edge the colour goes to', () => {
    const width = 20;
    const height = 10;
    const painted = new Uint8Array(width * height).fill(1);
    const unpaint = (x: number, y: number) => (painted[y * width + x] = 0);
    // A 3x2 hole inside, a bay of 4 open to the top edge and one of 4 open to the right edge.
    for (const x of [4, 5, 6]) for (const y of [4, 5]) unpaint(x, y);
    for (let y = 0; y < 4; y++) unpaint(10, y);
    for (let x = 16; x < 20; x++) unpaint(x, 3);
    expect(enclosedUnpaintedShare(painted, width, height, 'Left to right')).toBeCloseTo(
      10 / 200,
      6,
    );
    expect(enclosedUnpaintedShare(painted, width, height, 'Bottom to top')).toBeCloseTo(
      10 / 200,
      6,
    );
    expect(enclosedUnpaintedShare(painted, width, height, 'Right to left')).toBeCloseTo(
      14 / 200,
      6,
    );
  });
});
