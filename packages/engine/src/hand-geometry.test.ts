import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handDrawing } from './hand-drawing.js';
import { handAcross, handBoxSize, handPixelsPerUnit } from './hand-geometry.js';
import { HAND_HULL, HAND_SVG_PATH, handPose, loadHand, PEN_HULL } from './hand.js';

describe("the hand's geometry", () => {
  it.each([
    [1920, 1080],
    [960, 540],
    [320, 240],
  ])(
    "gives the browser's preview the box of the video's hand over %i x %i",
    async (width, height) => {
      const frame = { width, height };
      const sprite = await loadHand(
        handAcross(width, height),
        handPose('Left to right'),
        frame,
        'hand',
      );
      expect(sprite.size).toBe(handBoxSize(handPixelsPerUnit(width, height)));
      // The hand is 0.24 of the short side long, its box 600 of its 440 units.
      expect(sprite.size).toBe(Math.round((600 * Math.round(height * 0.24)) / 440));
    },
  );

  type Point = readonly [number, number];
  const cross = (o: Point, a: Point, b: Point) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

  /** The convex hull of `points`, turning one way all round. */
  function convexHull(points: readonly Point[]): Point[] {
    const half = (list: readonly Point[]) =>
      list.reduce<Point[]>((chain, p) => {
        while (chain.length >= 2 && cross(chain.at(-2)!, chain.at(-1)!, p) <= 0) chain.pop();
        return [...chain, p];
      }, []);
    const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return [...half(sorted).slice(0, -1), ...half([...sorted].reverse()).slice(0, -1)];
  }

  it.each([
    ['hand-dark', HAND_HULL],
    ['pen', PEN_HULL],
  ] as const)(
    "cuts the %s's sprite around all of its drawing, shadow and sleeve",
    async (drawer, points) => {
      const svg = readFileSync(HAND_SVG_PATH, 'utf8');
      const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.map(Number);
      const scale = 0.5; // pixels per SVG unit
      const whole = `<svg xmlns="http://www.w3.org/2000/svg" width="${width! * scale}" height="${height! * scale}" viewBox="0 0 ${width} ${height}">${handDrawing(svg, drawer)}</svg>`;
      const { data, info } = await sharp(Buffer.from(whole))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const hull = convexHull(points);
      const inside = (x: number, y: number) =>
        hull.every((a, i) => cross(a, hull[(i + 1) % hull.length]!, [x, y]) >= 0);
      let drawn = 0;
      const outside: number[][] = [];
      for (let y = 0; y < info.height; y++)
        for (let x = 0; x < info.width; x++) {
          if (data[(y * info.width + x) * 4 + 3] === 0) continue;
          drawn++;
          const [ux, uy] = [(x + 0.5) / scale, (y + 0.5) / scale];
          if (!inside(ux, uy)) outside.push([ux, uy]);
        }
      expect(drawn).toBeGreaterThan(1000);
      expect(outside.slice(0, 5)).toEqual([]);
    },
  );
});
