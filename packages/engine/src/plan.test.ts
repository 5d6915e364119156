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
    const mid = penAt(pen, 1.5);
    expect(mid.x).toBeGreaterThan(0);
    expect(mid.x).toBeLessThan(240);
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
    const last = [-1, -1, -1];
    const first = [Infinity, Infinity, Infinity];
    sketch.outline.ink.forEach((v, p) => {
      if (!v) return;
      const g = sketch.outline.zoneMap[p]!;
      const f = sketch.revealFrame[p]!;
      last[g] = Math.max(last[g]!, f);
      first[g] = Math.min(first[g]!, f);
    });
    expect(last[1]).toBeLessThanOrEqual(first[2]!);
    expect(last[2]).toBeLessThanOrEqual(first[0]!);
    expect(first[0]).toBeLessThan(Infinity);
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
