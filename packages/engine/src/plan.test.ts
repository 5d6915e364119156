import { describe, expect, it } from 'vitest';
import { linesPng } from '../test/fixtures.js';
import { rgbaOf, sketchParams, spearman } from '../test/helpers.js';
import {
  Drawing,
  PenClock,
  RevealQueue,
  StrokeOrder,
  bucketByFrame,
  orderStrokes,
  penAt,
  revealFrames,
} from './plan.js';
import { planSketch } from './sketch.js';
import type { Stroke } from './strokes.js';
import { KIND } from './hatch.js';
import { FPS } from './timeline.js';
import { DIRECTIONS } from './types.js';
import type { Direction } from './types.js';

const base = sketchParams({ drawingTime: 2 });

describe('plan', () => {
  it('reveals every ink pixel, in the drawing phase, following the direction', async () => {
    const vertical = await rgbaOf(await linesPng(240, 160));
    const horizontal = await rgbaOf(await linesPng(240, 160, true));
    for (const [direction, coord] of [
      ['Left to right', (x: number) => x],
      ['Right to left', (x: number) => -x],
      ['Top to bottom', (_x: number, y: number) => y],
      ['Bottom to top', (_x: number, y: number) => -y],
    ] as const) {
      const across = direction === 'Left to right' || direction === 'Right to left';
      const sketch = planSketch(across ? vertical : horizontal, { ...base, direction });
      const revealFrame = revealFrames(sketch.script);
      const times: number[] = [];
      const along: number[] = [];
      let paperRevealed = 0;
      sketch.outline.ink.forEach((v, p) => {
        if (!v) {
          if (revealFrame[p] !== -1) paperRevealed++;
          return;
        }
        const f = revealFrame[p]!;
        expect(f).toBeGreaterThanOrEqual(0);
        expect(f).toBeLessThan(2 * FPS);
        times.push(f);
        along.push(coord(p % 240, Math.floor(p / 240)));
      });
      expect(times.length).toBeGreaterThan(500);
      expect(paperRevealed, 'paper pixels given a frame').toBe(0);
      expect(spearman(times, along), direction).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('ends a black-and-white drawing on its grey picture, the same in all three channels', async () => {
    const sketch = planSketch(await rgbaOf(await linesPng(240, 160)), base);
    const rgb = sketch.finalRgb!;
    expect(rgb.length).toBe(sketch.grey.length * 3);
    let off = 0;
    sketch.grey.forEach((g, p) => {
      if (rgb[p * 3] !== g || rgb[p * 3 + 1] !== g || rgb[p * 3 + 2] !== g) off++;
    });
    expect(off, 'pixels whose colour is not their grey').toBe(0);
    expect(sketch.grey.some((g) => g < 100)).toBe(true);
  });

  it('lasts exactly the drawing time and moves the pen along the lines', async () => {
    const image = await rgbaOf(await linesPng(240, 160));
    const sketch = planSketch(image, { ...base, drawingTime: 3 });
    const { clock } = new Drawing(sketch.script);
    clock.advance(Infinity);
    const { pen } = clock;
    expect(pen.t.at(-1)).toBe(3);
    expect(Math.max(...revealFrames(sketch.script))).toBe(3 * FPS - 1);
    // Whenever the pen is down, its tip is on a line: within a pixel of ink.
    const ink = sketch.outline.ink;
    const onInk = (x: number, y: number) =>
      [-1, 0, 1].some((dy) =>
        [-1, 0, 1].some((dx) => ink[(Math.round(y) + dy) * 240 + Math.round(x) + dx] === 1),
      );
    let down = 0;
    for (let i = 0; i < 300; i++) {
      const tip = penAt(pen, (3 * (i + 0.5)) / 300);
      if (!tip.down) continue;
      down++;
      expect(onInk(tip.x, tip.y), `pen at ${tip.x}, ${tip.y}`).toBe(true);
    }
    // Most of the time goes to drawing (pen-up moves are faster).
    expect(down).toBeGreaterThan(200);
  });

  it('draws zones first, in list order, before the rest, each zone in its direction', async () => {
    const image = await rgbaOf(await linesPng(240, 160));
    // Over one of the lines (x 180-185 there), then a zone over another one at the left.
    const zoneA = {
      points: [
        { x: 182, y: 40 },
        { x: 182, y: 120 },
      ],
      brushSize: 20,
      fillLevel: 50,
      direction: 'Bottom to top' as const,
    };
    const zoneB = {
      points: [{ x: 30, y: 80 }],
      brushSize: 50,
      fillLevel: 50,
      direction: 'Left to right' as const,
    };
    const sketch = planSketch(image, { ...base, zones: [zoneA, zoneB] });
    const revealFrame = revealFrames(sketch.script);
    const inked = [0, 0, 0];
    const last = [-1, -1, -1];
    const first = [Infinity, Infinity, Infinity];
    const times: number[] = [];
    const heights: number[] = [];
    sketch.outline.ink.forEach((v, p) => {
      if (!v) return;
      const g = sketch.outline.zoneMap[p]!;
      const f = revealFrame[p]!;
      inked[g]!++;
      last[g] = Math.max(last[g]!, f);
      first[g] = Math.min(first[g]!, f);
      if (g === 1) {
        times.push(f);
        heights.push(-Math.floor(p / 240));
      }
    });
    // Both zones and the rest have lines to draw (else the order below would hold vacuously).
    for (const count of inked) expect(count).toBeGreaterThan(100);
    expect(last[1]).toBeLessThanOrEqual(first[2]!);
    expect(last[2]).toBeLessThanOrEqual(first[0]!);
    // The first zone's line is drawn upwards, against the way it was traced.
    expect(spearman(times, heights)).toBeGreaterThanOrEqual(0.9);
  });

  it('ordered as drawn: the same strokes, every ink pixel revealed, ending exactly at the drawing time', async () => {
    const image = await rgbaOf(await linesPng(240, 160));
    const atOnce = planSketch(image, { ...base, drawingTime: 3 });
    const asDrawn = planSketch(image, { ...base, drawingTime: 3, orderAsDrawn: true });
    const order = asDrawn.script.order!;
    expect(order.complete).toBe(false);
    const frameOf = revealFrames(asDrawn.script);
    expect(order.complete).toBe(true);
    expect(asDrawn.script.strokes).toEqual(atOnce.script.strokes);
    const expected = revealFrames(atOnce.script);
    expect(Math.max(...frameOf)).toBe(3 * FPS - 1);
    expect(frameOf.map((f) => Math.sign(f + 1))).toEqual(expected.map((f) => Math.sign(f + 1)));
    // Only the first band's timing is estimated: the drawing is revealed about as fast.
    let behind = 0;
    frameOf.forEach((f, p) => (behind += Math.abs(f - expected[p]!)));
    const ink = expected.filter((f) => f >= 0).length;
    expect(behind / ink).toBeLessThan(0.05 * 3 * FPS);
  });

  it('is deterministic', async () => {
    const image = await rgbaOf(await linesPng(120, 80));
    const a = planSketch(image, { ...base, colour: true });
    const b = planSketch(image, { ...base, colour: true });
    const frames = (sketch: typeof a) => Buffer.from(revealFrames(sketch.script).buffer);
    expect(frames(a).equals(frames(b))).toBe(true);
    expect(Buffer.from(a.script.colour!.final).equals(Buffer.from(b.script.colour!.final))).toBe(
      true,
    );
  });
});

type Point2 = [number, number];

/** Pixels of straight 8-connected segments through the points, in order. */
function segments(points: readonly Point2[]): Point2[] {
  const out: Point2[] = [points[0]!];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const n = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    for (let k = 1; k <= n; k++)
      out.push([Math.round(x0 + ((x1 - x0) * k) / n), Math.round(y0 + ((y1 - y0) * k) / n)]);
  }
  return out;
}

/** Numbers equal up to float rounding, element by element. */
function expectClose(actual: ArrayLike<number>, expected: readonly number[]): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((v, i) => expect(actual[i], `at ${i}`).toBeCloseTo(v, 9));
}

const reversed = (s: Stroke): Stroke => ({ group: s.group, pixels: [...s.pixels].reverse() });

/**
 * A picture `length` px along `direction` and `breadth` px across it, with strokes given in
 * (u, v): u along the direction, v across it. Bands are 1/8 of the group's extent along u, at
 * least 8 px.
 */
function picture(direction: Direction, length = 50, breadth = 100) {
  const horizontal = direction === 'Left to right' || direction === 'Right to left';
  const width = horizontal ? length : breadth;
  const height = horizontal ? breadth : length;
  const backwards = direction === 'Right to left' || direction === 'Bottom to top';
  const index = ([u, v]: Point2) => {
    const along = backwards ? length - 1 - u : u;
    return horizontal ? v * width + along : along * width + v;
  };
  const stroke = (group: number, ...points: Point2[]): Stroke => ({
    group,
    pixels: segments(points).map(index),
  });
  const ofKind = (kind: number, ...points: Point2[]): Stroke => ({
    ...stroke(0, ...points),
    kind,
  });
  return { width, height, stroke, ofKind };
}

describe('orderStrokes', () => {
  it.each(DIRECTIONS)(
    '%s: band by band along the direction, nearest start next, each stroke drawn along it',
    (direction) => {
      const { width, height, stroke } = picture(direction);
      const p = stroke(0, [10, 0], [10, 10]);
      const q = stroke(0, [14, 80], [14, 90]);
      const r = stroke(0, [12, 40], [16, 50]);
      const s = stroke(0, [40, 15], [46, 15]);
      const u = stroke(0, [47, 95], [41, 95]); // given against the direction
      // Bands of 8 px from the first stroke (u = 10): p, q, r in the first; s, u in the fourth.
      // The pen starts at p, the first along the direction; then the nearest start: r (by p's
      // end), q; then u (by q's end, drawn along the direction) before s.
      const order = orderStrokes([u, q, s, p, r], width, height, [direction]);
      expect(order).toEqual([p, r, q, reversed(u), s]);
    },
  );

  it('draws a band as a person would: main contours, then details, then hatching, nearest next', () => {
    const { width, height, ofKind } = picture('Left to right');
    const hatchNear = ofKind(KIND.hatch, [11, 2], [15, 2]);
    const crossFar = ofKind(KIND.cross, [12, 90], [15, 95]);
    const detail = ofKind(KIND.detail, [13, 5], [13, 9]);
    const contourFar = ofKind(KIND.contour, [14, 60], [14, 80]);
    const contour = ofKind(KIND.contour, [10, 0], [10, 10]);
    const nextBand = ofKind(KIND.contour, [45, 0], [45, 10]);
    const order = orderStrokes(
      [nextBand, hatchNear, crossFar, detail, contourFar, contour],
      width,
      height,
      ['Left to right'],
    );
    // The far contour comes before the detail and hatching next to the pen, and the next band
    // waits until this band's hatching is done.
    expect(order).toEqual([contour, contourFar, detail, hatchNear, crossFar, nextBand]);
  });

  it('draws zones first, in list order, each in its own direction; a zone without lines is skipped', () => {
    const { width, height, stroke } = picture('Left to right');
    const rest = stroke(0, [0, 50], [5, 50]);
    const top = stroke(2, [30, 0], [30, 10]);
    const bottom = stroke(2, [30, 60], [30, 70]);
    const directions: Direction[] = ['Left to right', 'Top to bottom', 'Bottom to top'];
    const order = orderStrokes([rest, top, bottom], width, height, directions);
    expect(order).toEqual([reversed(bottom), reversed(top), rest]);
  });

  it.each([
    [81, 11],
    [21, 8],
  ])(
    'cuts a group %i px long into bands of an eighth of that along the direction, at least 8 px (%i px)',
    (extent, bandWidth) => {
      for (const direction of DIRECTIONS) {
        const { width, height, ofKind } = picture(direction, 120);
        // Lines across the direction from u = 20 to the group's far end: hatching at the start of
        // the first band, a contour at its end and one at the start of the next band.
        const line = (kind: number, u: number, v: number) => ofKind(kind, [u, v], [u, v + 4]);
        const hatch = line(KIND.hatch, 20, 0);
        const endOfBand = line(KIND.contour, 20 + bandWidth - 1, 10);
        const nextBand = line(KIND.contour, 20 + bandWidth, 20);
        const farEnd = line(KIND.contour, 20 + extent - 1, 30);
        const order = orderStrokes([hatch, farEnd, nextBand, endOfBand], width, height, [
          direction,
        ]);
        // The first band's contour comes before its hatching; the next band waits for both.
        expect(order, direction).toEqual([endOfBand, hatch, nextBand, farEnd]);
      }
    },
  );

  it('draws a long hatch line as pieces of 1/64 of the long side, each in its band; contours and details whole', () => {
    // 1280 px long: pieces of at most 20 px. The lines span 50 px: bands of 8 px.
    const { width, height, ofKind } = picture('Left to right', 1280);
    const contour = ofKind(KIND.contour, [0, 5], [49, 5]);
    const detail = ofKind(KIND.detail, [0, 10], [49, 10]);
    const hatch = ofKind(KIND.hatch, [0, 20], [49, 20]);
    const cross = ofKind(KIND.cross, [0, 30], [19, 30]);
    const piece = (from: number, to: number) => ({
      ...hatch,
      pixels: hatch.pixels.slice(from, to),
    });
    const order = orderStrokes([hatch, cross, detail, contour], width, height, ['Left to right']);
    // The hatch line's first piece is drawn with the first band (then the cross-hatching, 20 px,
    // stays whole), its other pieces in order with the bands they start in.
    expect(order).toEqual([contour, detail, piece(0, 20), cross, piece(20, 40), piece(40, 50)]);
  });

  it('breaks ties in favour of the stroke given first: where the pen starts, and which stroke is nearest', () => {
    const { width, height, stroke } = picture('Top to bottom');
    const order = (...strokes: Stroke[]) => orderStrokes(strokes, width, height, ['Top to bottom']);
    // Dots (u along the direction, v across it). Two equally far along the direction: the pen
    // starts at the one given first and goes on to the nearest.
    const a = stroke(0, [40, 10]);
    const b = stroke(0, [40, 90]);
    const c = stroke(0, [42, 85]);
    expect(order(a, b, c)).toEqual([a, c, b]);
    expect(order(b, a, c)).toEqual([b, c, a]);
    // After the first dot, two as near the pen: one either side of it (and of a line of the
    // search grid's 32 px cells).
    const start = stroke(0, [38, 33]);
    const left = stroke(0, [40, 30]);
    const right = stroke(0, [40, 36]);
    expect(order(start, left, right)).toEqual([start, left, right]);
    expect(order(start, right, left)).toEqual([start, right, left]);
  });

  it.each(DIRECTIONS)(
    '%s: the next stroke is the one starting nearest the pen, as trying every stroke finds it',
    (direction) => {
      // 80 dots scattered over 512 x 512 px at the start of a picture 4096 px long: a dot at the
      // far end makes the bands 512 px, so the dots share one band.
      const { width, height, stroke } = picture(direction, 4096, 512);
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 48271) % 2147483647;
        return seed % n;
      };
      const points = Array.from({ length: 80 }, (): Point2 => [random(512), random(512)]);
      const dots = points.map((p) => stroke(0, p));
      const farEnd = stroke(0, [4095, 0]);
      // Every dot tried in turn: from the first along the direction to the nearest, ties to the
      // dot given first.
      let [pu, pv] = points.reduce((first, p) => (p[0] < first[0] ? p : first));
      const remaining = points.map((_, i) => i);
      const expected: Stroke[] = [];
      while (remaining.length > 0) {
        const distance = (i: number) => (points[i]![0] - pu) ** 2 + (points[i]![1] - pv) ** 2;
        const nearest = remaining.reduce(
          (best, i, k) => (distance(i) < distance(remaining[best]!) ? k : best),
          0,
        );
        const [i] = remaining.splice(nearest, 1);
        expected.push(dots[i!]!);
        [pu, pv] = points[i!]!;
      }
      const order = orderStrokes([...dots, farEnd], width, height, [direction]);
      expect(order).toEqual([...expected, farEnd]);
    },
  );
});

/** Strokes timed all at once: the pen's keyframes, and when it first passed each pixel. */
function timeStrokes(strokes: readonly Stroke[], width: number, height: number, duration: number) {
  const pixelTime = new Float64Array(width * height).fill(NaN);
  const clock = new PenClock(strokes, width, height, duration, (p, t) => (pixelTime[p] = t));
  clock.advance(Infinity);
  return { pen: clock.pen, pixelTime };
}

describe('PenClock', () => {
  // On a 60 px wide picture: a 12 px line (eased), a dot, and a closed 2x2 loop; the pen-up moves
  // between them are 10 px (6 across, 8 down or up). Cost: 12 + 0.3 * 10 + 2 (a dot counts as
  // 2 px) + 0.3 * 10 + 4 = 24 px, so over 2.4 s the pen draws 10 px per second.
  const at = (x: number, y: number) => y * 60 + x;
  const line = {
    group: 0,
    pixels: segments([
      [5, 5],
      [17, 5],
    ]).map(([x, y]) => at(x, y)),
  };
  const dot = { group: 0, pixels: [at(23, 13)] };
  const loop = { group: 0, pixels: [at(29, 5), at(30, 5), at(30, 6), at(29, 6), at(29, 5)] };
  // Planned inside each test (not when the file loads), so mutation testing maps it to tests.
  const plan = () => timeStrokes([line, dot, loop], 60, 20, 2.4);

  it('draws each stroke in turn, lifting the pen between them', () => {
    const { pen } = plan();
    expect([...pen.x]).toEqual([
      5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 23, 29, 30, 30, 29, 29,
    ]);
    expect([...pen.y]).toEqual([...Array<number>(13).fill(5), 13, 5, 5, 6, 6, 5]);
    expect([...pen.down]).toEqual([0, ...Array<number>(12).fill(1), 0, 0, 1, 1, 1, 1]);
  });

  it('times pen-down length, pen-up moves at 0.3 of it and dots as 2 px, ending exactly at the end', () => {
    const { pen, pixelTime } = plan();
    // The line takes 1.2 s; the move to the dot 0.3 s; the dot 0.2 s; the move to the loop 0.3 s.
    expect(pen.t[12]).toBeCloseTo(1.2, 9);
    expect(pen.t[13]).toBeCloseTo(1.7, 9);
    expect(pixelTime[at(23, 13)]).toBeCloseTo(1.7, 6);
    // The short loop is not eased: 0.1 s per pixel from 2.0 s.
    expectClose(pen.t.slice(14), [2, 2.1, 2.2, 2.3, 2.4]);
    expect(pen.t.at(-1)).toBe(2.4);
  });

  it('slows the pen at both ends of a long stroke and speeds it up in the middle (+-50 %)', () => {
    const { pen } = plan();
    // t = 1.2 s * (u + sin(2 pi u) / (4 pi)) at the fraction u of the line.
    const expected = [0, 0.25, 0.5, 0.75, 1].map(
      (u) => 1.2 * (u + Math.sin(2 * Math.PI * u) / (4 * Math.PI)),
    );
    expectClose(
      [0, 3, 6, 9, 12].map((i) => pen.t[i]!),
      expected,
    );
    // The first pixel step takes about 1.5x the mean time per pixel, a middle one about 0.5x.
    expect(pen.t[1]! - pen.t[0]!).toBeGreaterThan(0.14);
    expect(pen.t[7]! - pen.t[6]!).toBeLessThan(0.06);
  });

  it('times only as far as asked, with a keyframe past that time, as it would all at once', () => {
    const whole = plan().pen;
    const clock = new PenClock([line, dot, loop], 60, 20, 2.4);
    clock.advance(0.5);
    // The line's 13 keyframes: its last one, at 1.2 s, lies past 0.5 s.
    expect(clock.timed).toBe(13);
    for (const time of [0.3, 1.1, 1.5, 1.9, 2.05, 2.4, 3])
      expect(clock.at(time), `at ${time} s`).toEqual(penAt(whole, time));
    expect([...clock.pen.t]).toEqual([...whole.t]);
  });

  it('with an order still being made, times its first band at an estimate and fits the rest exactly into the time left', () => {
    // Bands of 8 px along x: the line (from x 5) alone in the first, the dot and the loop later.
    const order = new StrokeOrder([loop, dot, line], 60, 20, ['Left to right']);
    order.step();
    expect(order.strokes).toEqual([line]);
    const clock = new PenClock(order.strokes, 60, 20, 2.4, undefined, undefined, order);
    clock.advance(0.5);
    // The line's share of the pen-down weight (12 of 18 px): 1.6 s, as if its own pen-up share
    // (none) held for the whole drawing. The order is not needed yet.
    expect(clock.pen.t[12]).toBeCloseTo(1.6, 9);
    expect(order.complete).toBe(false);
    clock.advance(Infinity);
    expect(order.complete).toBe(true);
    // The rest, 12 px of weight (two 3 px moves, the 2 px dot, the 4 px loop), in 0.8 s: a
    // fifteenth of a second per pixel, the moves 0.2 s each.
    expect(clock.pen.t[13]).toBeCloseTo(1.6 + 0.2 + 2 / 15, 9);
    expectClose(
      clock.pen.t.slice(14),
      [4, 3, 2, 1, 0].map((i) => 2.4 - i / 15),
    );
    expect(clock.pen.t.at(-1)).toBe(2.4);
    expect([...clock.pen.x]).toEqual([...plan().pen.x]);
  });

  it('records when the pen first passes each pixel, NaN off the strokes', () => {
    const { pixelTime } = plan();
    expect(pixelTime[at(5, 5)]).toBe(0);
    expect(pixelTime[at(11, 5)]).toBeCloseTo(0.6, 6);
    // The loop's first pixel is passed twice, at 2.0 s and at 2.4 s.
    expect(pixelTime[at(29, 5)]).toBeCloseTo(2, 6);
    expect(pixelTime[at(0, 0)]).toBeNaN();
  });
});

describe('penAt', () => {
  const at = (x: number, y: number) => y * 40 + x;
  const strokes = [
    { group: 0, pixels: [at(0, 0), at(1, 0), at(2, 0)] },
    { group: 0, pixels: [at(8, 8), at(8, 9)] },
  ];
  // Cost 2 + 0.3 * 10 + 2 = 7 px over 0.7 s: the first line until 0.2 s, the move until 0.5 s.
  const plan = () => timeStrokes(strokes, 40, 10, 0.7).pen;
  const expectPen = (time: number, x: number, y: number, down: boolean) => {
    const tip = penAt(plan(), time);
    expectClose([tip.x, tip.y], [x, y]);
    expect(tip.down, `down at ${time} s`).toBe(down);
  };

  it('is lifted at the first point before the start, and at the last point from the end on', () => {
    expectPen(-1, 0, 0, false);
    expectPen(0, 0, 0, false);
    expectPen(0.7, 8, 9, false);
    expectPen(9, 8, 9, false);
  });

  it('moves in straight lines between the points: down along a stroke, lifted between strokes', () => {
    expectPen(0.15, 1.5, 0, true);
    expectPen(0.35, 5, 4, false);
    expectPen(0.6, 8, 8.5, true);
    // Put down the moment it reaches the second stroke (its fourth point).
    expectPen(plan().t[3]!, 8, 8, true);
  });

  it('rests lifted at the origin when there is nothing to draw', () => {
    const { pen: none } = timeStrokes([], 40, 10, 0.7);
    expect(penAt(none, 0.3)).toEqual({ x: 0, y: 0, down: false });
  });
});

describe('RevealQueue and bucketByFrame', () => {
  it('shows an ink pixel in the first frame whose time has reached its centre-line pixel', () => {
    // Frame k shows the time (k + 1) / fps; 5 frames at 10 fps.
    const ink = new Uint8Array([1, 1, 1, 1, 1, 1, 0, 1]);
    const owner = new Int32Array([0, 1, 1, -1, 4, 5, -1, 6]);
    const queue = new RevealQueue(ink, owner, 10, 5);
    // The pen passes these centre-line pixels (never pixel 6, which pixel 7 belongs to).
    for (const [p, time] of [
      [0, 0],
      [1, 0.1],
      [5, 0.15],
      [4, 0.55],
    ] as const)
      queue.passed(p, time);
    const frames = new Int32Array(ink.length).fill(-1);
    for (let k = 0; k < 5; k++) queue.forEach(k, (p) => (frames[p] = k));
    // Untimed pixels and those past the end appear in the last frame; paper never.
    expect([...frames]).toEqual([0, 0, 0, 4, 4, 1, -1, 4]);
  });

  it('lists the pixels of each frame in pixel order', () => {
    const { order, start } = bucketByFrame(new Int32Array([2, -1, 0, 2, 1]), 3);
    expect([...order]).toEqual([2, 4, 0, 3]);
    expect([...start]).toEqual([0, 1, 2, 4]);
  });
});
