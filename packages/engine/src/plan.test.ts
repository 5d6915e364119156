import { describe, expect, it } from 'vitest';
import { linesPng } from '../test/fixtures.js';
import { rgbaOf, sketchParams, spearman } from '../test/helpers.js';
import { penAt } from './plan.js';
import { FPS, planSketch } from './sketch.js';

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
      const times: number[] = [];
      const along: number[] = [];
      sketch.outline.ink.forEach((v, p) => {
        if (!v) return;
        const f = sketch.revealFrame[p]!;
        expect(f).toBeGreaterThanOrEqual(0);
        expect(f).toBeLessThan(2 * FPS);
        times.push(f);
        along.push(coord(p % 240, Math.floor(p / 240)));
      });
      expect(times.length).toBeGreaterThan(500);
      expect(spearman(times, along), direction).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('lasts exactly the drawing time and moves the pen along the lines', async () => {
    const image = await rgbaOf(await linesPng(240, 160));
    const sketch = planSketch(image, { ...base, drawingTime: 3 });
    const { pen } = sketch.plan;
    expect(pen.t[pen.t.length - 1]).toBeCloseTo(3, 6);
    expect(Math.max(...sketch.revealFrame)).toBe(3 * FPS - 1);
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

  it('draws zones first, in list order, before the rest', async () => {
    const image = await rgbaOf(await linesPng(240, 160));
    const zoneA = {
      points: [
        { x: 200, y: 40 },
        { x: 200, y: 120 },
      ],
      brushSize: 50,
      fillLevel: 50,
      direction: 'Top to bottom' as const,
    };
    const zoneB = {
      points: [{ x: 30, y: 80 }],
      brushSize: 50,
      fillLevel: 50,
      direction: 'Left to right' as const,
    };
    const sketch = planSketch(image, { ...base, zones: [zoneA, zoneB] });
    const inked = [0, 0, 0];
    const last = [-1, -1, -1];
    const first = [Infinity, Infinity, Infinity];
    sketch.outline.ink.forEach((v, p) => {
      if (!v) return;
      const g = sketch.outline.zoneMap[p]!;
      const f = sketch.revealFrame[p]!;
      inked[g]!++;
      last[g] = Math.max(last[g]!, f);
      first[g] = Math.min(first[g]!, f);
    });
    // Both zones and the rest have lines to draw (else the order below would hold vacuously).
    for (const count of inked) expect(count).toBeGreaterThan(100);
    expect(last[1]).toBeLessThanOrEqual(first[2]!);
    expect(last[2]).toBeLessThanOrEqual(first[0]!);
  });

  it('is deterministic', async () => {
    const image = await rgbaOf(await linesPng(120, 80));
    const a = planSketch(image, { ...base, colour: true });
    const b = planSketch(image, { ...base, colour: true });
    expect(Buffer.from(a.revealFrame.buffer).equals(Buffer.from(b.revealFrame.buffer))).toBe(true);
    expect(Buffer.from(a.script.colour!.final).equals(Buffer.from(b.script.colour!.final))).toBe(
      true,
    );
  });
});
