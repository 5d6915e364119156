import { describe, expect, it } from 'vitest';
import { ZONE_LIMITS } from '@/lib/contract';
import { toImageBrushSize, toImagePoint } from './coordinates';

/** A 1600x1200 image shown at 400x300, 100 px from the left and 50 px from the top. */
const shown = { left: 100, top: 50, width: 400, height: 300 };
const natural = { width: 1600, height: 1200 };

describe('toImagePoint', () => {
  it("maps a pointer on the shown image to the image's own pixels", () => {
    expect(toImagePoint({ x: 100, y: 50 }, shown, natural)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint({ x: 300, y: 200 }, shown, natural)).toEqual({ x: 800, y: 600 });
    expect(toImagePoint({ x: 500, y: 350 }, shown, natural)).toEqual({ x: 1600, y: 1200 });
    expect(toImagePoint({ x: 110, y: 53 }, shown, natural)).toEqual({ x: 40, y: 12 });
  });

  it('scales each axis by its own ratio', () => {
    const squeezed = { left: 0, top: 0, width: 800, height: 150 };
    expect(toImagePoint({ x: 400, y: 75 }, squeezed, natural)).toEqual({ x: 800, y: 600 });
  });

  it('keeps a pointer past an edge on the edge', () => {
    expect(toImagePoint({ x: 90, y: 400 }, shown, natural)).toEqual({ x: 0, y: 1200 });
    expect(toImagePoint({ x: 600, y: 0 }, shown, natural)).toEqual({ x: 1600, y: 0 });
  });
});

describe('toImageBrushSize', () => {
  it('is the on-screen brush in image pixels', () => {
    expect(toImageBrushSize(20, shown, natural)).toBe(80);
    expect(toImageBrushSize(20, { width: 3200, height: 2400 }, natural)).toBe(10);
  });

  it("stays within the server's limit", () => {
    expect(toImageBrushSize(50, { width: 100, height: 75 }, natural)).toBe(
      ZONE_LIMITS.maxBrushSize,
    );
  });
});
