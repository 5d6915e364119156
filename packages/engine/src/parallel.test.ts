import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { planColour } from './colour.js';
import { decodeImage } from './decode.js';
import { outline, outlineInput } from './outline.js';
import { outlineInParallel, PlanWorker } from './parallel.js';
import { lineStrokes } from './strokes.js';
import { colourPlanParams } from './sketch.js';
import { photoPng } from '../test/photos.js';

describe('planning on two threads', () => {
  it('draws the same outline and line strokes as one thread, its lines drawn and traced by the worker', async () => {
    const image = await decodeImage(await photoPng('night'), { longSide: 480 });
    const params = {
      grayscaleLevel: 200,
      zones: [{ points: [{ x: 100, y: 100 }], brushSize: 80, fillLevel: 90 }],
    };
    const worker = new PlanWorker();
    try {
      const input = { luma: new Float32Array(16), zoneMap: new Uint8Array(16), width: 4 };
      const first = worker.lines({ ...input, height: 4, scale: 0.01 });
      expect(await first.lines).toBeDefined();
      expect(await first.strokes).toBeDefined();
      const { outline: parallel, lineStrokes: traced } = await outlineInParallel(
        image,
        params,
        worker,
      );
      const single = outline(image, params);
      const there = await traced;
      const here = lineStrokes(single.kind, single.zoneMap, single.width, single.height);
      expect(there?.strokes.length).toBeGreaterThan(10);
      expect(there?.strokes).toEqual(here.strokes);
      expect(Buffer.from(there!.owner.buffer).equals(Buffer.from(here.owner.buffer))).toBe(true);
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

  it('keeps the process alive while it works for it, and lets it end when idle', async () => {
    // A process with nothing else to do (a render whose frames go to a file, say) awaits the
    // worker's answer: it must get it, and then end by itself.
    const dir = await mkdtemp(join(tmpdir(), 'rasma-worker-'));
    try {
      const script = join(dir, 'await-worker.mjs');
      await writeFile(
        script,
        `import { PlanWorker } from ${JSON.stringify(new URL('./parallel.ts', import.meta.url).href)};
const { strokes } = new PlanWorker().lines({
  luma: new Float32Array(16), zoneMap: new Uint8Array(16), width: 4, height: 4, scale: 0.01,
});
strokes.then((traced) => console.log(traced ? 'answered' : 'failed'));
`,
      );
      const run = promisify(execFile);
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
        timeout: 30_000,
      });
      expect(stdout.trim()).toBe('answered');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers what it was asked before it closes, and nothing after', async () => {
    const image = await decodeImage(await photoPng('fur'), { longSide: 480 });
    const { luma, zoneMap, width, height, scale } = outlineInput(image, {});
    const worker = new PlanWorker();
    const answers = worker.lines({ luma, zoneMap, width, height, scale });
    const closed = worker.close();
    expect((await answers.lines)?.kind.length).toBe(width * height);
    expect((await answers.strokes)?.strokes.length).toBeGreaterThan(0);
    await closed;
    expect(await worker.lines({ luma, zoneMap, width, height, scale }).lines).toBeUndefined();
  });

  it('draws the lines itself when the worker is gone', async () => {
    const image = await decodeImage(await photoPng('fur'), { longSide: 320 });
    const worker = new PlanWorker();
    await worker.close();
    const parallel = await outlineInParallel(image, {}, worker);
    expect(Buffer.from(parallel.outline.tone).equals(Buffer.from(outline(image).tone))).toBe(true);
    expect(await parallel.lineStrokes).toBeUndefined();
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
