import { describe, expect, it } from 'vitest';
import { planColour } from './colour.js';
import { decodeImage } from './decode.js';
import { outline } from './outline.js';
import { outlineInParallel, PlanWorker } from './parallel.js';
import { colourPlanParams } from './sketch.js';
import { photoPng } from '../test/photos.js';

describe('planning on two threads', () => {
  it('draws the same outline as one thread, its lines drawn by the worker', async () => {
    const image = await decodeImage(await photoPng('night'), { longSide: 480 });
    const params = {
      grayscaleLevel: 200,
      zones: [{ points: [{ x: 100, y: 100 }], brushSize: 80, fillLevel: 90 }],
    };
    const worker = new PlanWorker();
    try {
      const input = { luma: new Float32Array(16), width: 4, height: 4, scale: 0.01 };
      expect(await worker.lines(input)).toBeDefined();
      const parallel = await outlineInParallel(image, params, worker);
      const single = outline(image, params);
      expect(Buffer.from(parallel.kind).equals(Buffer.from(single.kind))).toBe(true);
      expect(Buffer.from(parallel.tone).equals(Buffer.from(single.tone))).toBe(true);
      expect(
        Buffer.from(parallel.hatchLines.along.buffer).equals(
          Buffer.from(single.hatchLines.along.buffer),
        ),
      ).toBe(true);
    } finally {
      await worker.close();
    }
  });

  it('draws the lines itself when the worker is gone', async () => {
    const image = await decodeImage(await photoPng('fur'), { longSide: 320 });
    const worker = new PlanWorker();
    await worker.close();
    const parallel = await outlineInParallel(image, {}, worker);
    expect(Buffer.from(parallel.tone).equals(Buffer.from(outline(image).tone))).toBe(true);
  });

  it('plans the same colour phase on the worker as here', async () => {
    const image = await decodeImage(await photoPng('portrait'), { longSide: 320 });
    const params = {
      zones: [],
      zoneScale: 1,
      grayscaleLevel: 128,
      direction: 'Top to bottom' as const,
      drawingTime: 4,
      colour: true,
      seed: 3,
    };
    const colourParams = colourPlanParams(image, outline(image), params);
    const worker = new PlanWorker();
    try {
      const there = await worker.colour(colourParams);
      const here = planColour(colourParams);
      expect(there).toBeDefined();
      expect(Buffer.from(there!.finalRgb).equals(Buffer.from(here.finalRgb))).toBe(true);
      expect(Buffer.from(there!.colour.final).equals(Buffer.from(here.colour.final))).toBe(true);
      expect(
        Buffer.from(there!.colour.luma.order.buffer).equals(
          Buffer.from(here.colour.luma.order.buffer),
        ),
      ).toBe(true);
      expect(there!.colour.frames).toBe(here.colour.frames);
    } finally {
      await worker.close();
    }
  });
});
