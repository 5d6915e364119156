import { EMPTY_STROKE_EDITS } from '@rasma/contract/stroke-edits';
import type { StrokeEdits } from '@rasma/contract/stroke-edits';
import { describe, expect, it } from 'vitest';
import { linesPng, scenePng } from '../test/fixtures.js';
import { rgbaOf, sketchParams, spearman } from '../test/helpers.js';
import { applyStrokeEdits, partTimes } from './edits.js';
import type { EditedStrokes } from './edits.js';
import { FrameRenderer } from './frames.js';
import { PenClock, revealFrames } from './plan.js';
import type { DrawingPlan } from './plan.js';
import { planSketch, planStrokes } from './sketch.js';
import type { StrokePlanParams } from './sketch.js';
import { strokeEditPoints } from './stroke-plan.js';
import type { StrokePlan } from './stroke-plan.js';
import { FPS } from './timeline.js';
import type { Direction, RgbaImage } from './types.js';
import { GREY_TO_Y } from './yuv.js';

const params: StrokePlanParams = {
  zones: [],
  zoneScale: 1,
  grayscaleLevel: 128,
  direction: 'Left to right',
  drawingTime: 2,
};

/** A contour stroke of the plan at least `min` pixels long (the longest when none is). */
function longContour(plan: StrokePlan, min = 40): number {
  let best = -1;
  plan.strokes.forEach((s, i) => {
    if (s.kind !== 'contour') return;
    if (best < 0 || s.pixels.length > plan.strokes[best]!.pixels.length) best = i;
  });
  const first = plan.strokes.findIndex((s) => s.kind === 'contour' && s.pixels.length >= min);
  return first >= 0 ? first : best;
}

/** Edits deleting planned stroke i, as the editor sends them. */
function deleting(plan: StrokePlan, indices: number[], zoneScale = 1): StrokeEdits {
  return {
    deleted: indices.map((i) => ({
      part: plan.strokes[i]!.part,
      points: strokeEditPoints(plan.strokes[i]!, plan.width, zoneScale),
    })),
  };
}

/** The ink pixels that edits took away. */
function removedInk(plan: StrokePlan, edited: EditedStrokes): number[] {
  const removed: number[] = [];
  plan.ink.forEach((v, p) => {
    if (v === 1 && edited.plan.ink[p] === 0) removed.push(p);
  });
  return removed;
}

/** Every frame's luma plane of a drawing (no hand). */
function lumaFrames(script: ConstructorParameters<typeof FrameRenderer>[0]): Uint8Array[] {
  const renderer = new FrameRenderer(script);
  const frames: Uint8Array[] = [];
  for (let f = renderer.next(); f; f = renderer.next())
    frames.push(f.slice(0, script.width * script.height));
  return frames;
}

/** The first drawing frame showing ink, and the pixels it shows. */
function firstInk(plan: DrawingPlan): { frame: number; pixels: number[] } {
  const frameOf = revealFrames(plan);
  let frame = Infinity;
  frameOf.forEach((f) => {
    if (f >= 0 && f < frame) frame = f;
  });
  const pixels: number[] = [];
  frameOf.forEach((f, p) => {
    if (f === frame) pixels.push(p);
  });
  return { frame, pixels };
}

let scene: RgbaImage | undefined;
const sceneImage = async () => (scene ??= await rgbaOf(await scenePng(320, 240, 2)));

describe('stroke plan', () => {
  it('gives every planned stroke its part: parts are runs of the drawing order, bands 0..7', async () => {
    const plan = planStrokes(await sceneImage(), params);
    expect(plan.strokes.length).toBeGreaterThan(100);
    expect(plan.parts.reduce((n, p) => n + p.strokes, 0)).toBe(plan.strokes.length);
    let i = 0;
    for (const part of plan.parts) {
      expect(part.id).toBe(`${part.group}.${part.band}`);
      expect(part.band).toBeGreaterThanOrEqual(0);
      expect(part.band).toBeLessThanOrEqual(7);
      for (let k = 0; k < part.strokes; k++) expect(plan.strokes[i++]!.part).toBe(part.id);
    }
    expect(new Set(plan.parts.map((p) => p.id)).size).toBe(plan.parts.length);
    expect(plan.parts.length).toBeGreaterThan(4);
  });

  it('leaves an unedited drawing as it was: the same strokes, ink and frames', async () => {
    const image = await sceneImage();
    const plain = planSketch(image, sketchParams({ drawingTime: 1 }));
    const empty = planSketch(image, sketchParams({ drawingTime: 1, edits: EMPTY_STROKE_EDITS }));
    expect(empty.script.strokes.map((s) => s.pixels)).toEqual(
      plain.script.strokes.map((s) => s.pixels),
    );
    expect(empty.script.timeWeights).toBeUndefined();
    expect(Buffer.from(empty.grey).equals(Buffer.from(plain.grey))).toBe(true);
    const a = lumaFrames(plain.script);
    const b = lumaFrames(empty.script);
    expect(b.length).toBe(a.length);
    a.forEach((frame, k) =>
      expect(Buffer.from(b[k]!).equals(Buffer.from(frame)), `frame ${k}`).toBe(true),
    );
  });
});

describe('applyStrokeEdits', () => {
  it('deletes a stroke: its ink is in no frame and not in the finished picture, black and white or colour', async () => {
    const image = await sceneImage();
    const plan = planStrokes(image, params);
    const target = longContour(plan);
    const edits = deleting(plan, [target]);
    const edited = applyStrokeEdits(plan, edits, 1);
    expect(edited.deleted).toContain(target);
    const removed = removedInk(plan, edited);
    expect(removed.length).toBeGreaterThan(plan.strokes[target]!.pixels.length);
    // Nothing else goes: the other strokes keep nearly all their ink.
    expect(removed.length).toBeLessThan(plan.ink.reduce((n, v) => n + v, 0) / 10);

    const paper = GREY_TO_Y[255]!;
    for (const colour of [false, true]) {
      const sketch = planSketch(image, sketchParams({ drawingTime: 1, colour, edits }));
      const plain = planSketch(image, sketchParams({ drawingTime: 1, colour }));
      const frames = lumaFrames(sketch.script);
      const drawFrames = sketch.script.drawFrames;
      frames.slice(0, drawFrames).forEach((frame, k) => {
        const inked = removed.filter((p) => frame[p] !== paper);
        expect(inked, `frame ${k} (colour ${colour})`).toEqual([]);
      });
      // The finished picture: paper in black and white; in colour the picture's own colours
      // without the line multiplied on top (clearly lighter than with it).
      const last = frames.at(-1)!;
      const plainLast = lumaFrames(plain.script).at(-1)!;
      const mean = (frame: Uint8Array) =>
        removed.reduce((sum, p) => sum + frame[p]!, 0) / removed.length;
      if (!colour) expect(mean(last)).toBe(paper);
      expect(mean(last) - mean(plainLast), `colour ${colour}`).toBeGreaterThan(40);
    }
  });

  it('removes a whole part: its ink is in no frame, and the drawing still ends exactly on time', async () => {
    const image = await sceneImage();
    const plan = planStrokes(image, params);
    // The part with the most strokes: more than a drawing may delete one by one on a photo.
    const part = plan.parts.reduce((best, p) => (p.strokes > best.strokes ? p : best));
    const edits: StrokeEdits = { parts: { [part.id]: { removed: true } } };
    const edited = applyStrokeEdits(plan, edits, 1);
    expect(edited.parts.find((p) => p.id === part.id)).toMatchObject({ strokes: 0, removed: true });
    expect(edited.parts.map((p) => p.id)).toEqual(plan.parts.map((p) => p.id));
    expect(edited.strokes.filter((s) => s.part === part.id)).toEqual([]);
    expect(edited.strokes.length).toBe(plan.strokes.length - part.strokes);
    const removed = removedInk(plan, edited);
    const centre = plan.strokes.filter((s) => s.part === part.id).flatMap((s) => s.pixels);
    expect(removed.length).toBeGreaterThan(new Set(centre).size);

    const paper = GREY_TO_Y[255]!;
    const sketch = planSketch(image, sketchParams({ drawingTime: 1, edits }));
    const plain = planSketch(image, sketchParams({ drawingTime: 1 }));
    const frames = lumaFrames(sketch.script);
    expect(frames.length).toBe(lumaFrames(plain.script).length);
    frames.forEach((frame, k) =>
      expect(
        removed.filter((p) => frame[p] !== paper),
        `frame ${k}`,
      ).toEqual([]),
    );
    // The rest is drawn over the whole drawing time: its last ink comes in the last drawing frame.
    const lastInk = (plan: DrawingPlan) => Math.max(...revealFrames(plan));
    expect(lastInk(sketch.script)).toBe(lastInk(plain.script));
    expect(lastInk(sketch.script)).toBe(sketch.script.drawFrames - 1);
    const times = partTimes(edited);
    const own = times.find((t) => t.id === part.id)!;
    expect(own.end).toBe(own.start);
    expect(times.at(-1)!.end).toBe(params.drawingTime);
  });

  it('draws a part moved to the front first: its ink is the first revealed', async () => {
    const plan = planStrokes(await sceneImage(), params);
    const moved = plan.parts.at(-1)!;
    const order = [moved.id, ...plan.parts.slice(0, -1).map((p) => p.id)];
    const edited = applyStrokeEdits(plan, { order }, 1);
    expect(edited.parts.map((p) => p.id)).toEqual(order);
    const movedPixels = new Set(
      plan.strokes.filter((s) => s.part === moved.id).flatMap((s) => s.pixels),
    );
    const { pixels } = firstInk(edited.plan);
    expect(pixels.length).toBeGreaterThan(0);
    expect(pixels.every((p) => movedPixels.has(edited.plan.owner[p]!))).toBe(true);
    // Unedited, the first ink is another part's.
    const before = firstInk({
      ...edited.plan,
      strokes: applyStrokeEdits(plan, {}, 1).plan.strokes,
    });
    expect(before.pixels.some((p) => !movedPixels.has(plan.owner[p]!))).toBe(true);
  });

  it('keeps parts the order does not name after their default predecessor, and ignores unknown ids', async () => {
    const plan = planStrokes(await sceneImage(), params);
    const ids = plan.parts.map((p) => p.id);
    // Only the last two named, swapped; an id the plan lacks.
    const [a, b] = ids.slice(-2) as [string, string];
    const edited = applyStrokeEdits(plan, { order: ['9.7', b, a] }, 1);
    expect(edited.parts.map((p) => p.id)).toEqual([...ids.slice(0, -2), b, a]);
  });

  it("draws an added stroke at its place, in its part's time", async () => {
    const plan = planStrokes(await sceneImage(), params);
    // Along the top of the picture, left to right, as a part of its own put first.
    const added: StrokeEdits['added'] = [
      {
        part: 'added.1',
        points: [
          [40, 6, 0.5],
          [280, 6, 0.5],
        ],
      },
    ];
    const edited = applyStrokeEdits(
      plan,
      { added, order: ['added.1', ...plan.parts.map((p) => p.id)] },
      1,
    );
    expect(edited.parts[0]).toMatchObject({ id: 'added.1', strokes: 1, first: 0 });
    const line = Array.from({ length: 200 }, (_, i) => 6 * plan.width + 60 + i);
    expect(line.every((p) => edited.plan.ink[p] === 1)).toBe(true);
    // In the last frame, dark; revealed within the part's time.
    const frames = lumaFrames({ ...edited.plan, frames: edited.plan.drawFrames, leaveFrames: 0 });
    expect(line.every((p) => frames.at(-1)![p]! < 80)).toBe(true);
    const [time] = partTimes(edited);
    const frameOf = revealFrames(edited.plan);
    const lastFrame = Math.ceil(time!.end * FPS);
    expect(line.every((p) => frameOf[p]! >= 0 && frameOf[p]! <= lastFrame)).toBe(true);
    expect(time!.end).toBeLessThan(params.drawingTime / 2);
  });

  it('gives a part twice its share of the drawing time with timeScale 2; the drawing lasts exactly the drawing time', async () => {
    const plan = planStrokes(await sceneImage(), params);
    const part = plan.parts[1]!.id;
    const share = (edited: EditedStrokes) => {
      const times = partTimes(edited);
      const own = times.find((t) => t.id === part)!;
      const length = own.end - own.start;
      return length / (params.drawingTime - length);
    };
    const plain = applyStrokeEdits(plan, {}, 1);
    const doubled = applyStrokeEdits(plan, { parts: { [part]: { timeScale: 2 } } }, 1);
    expect(share(doubled) / share(plain)).toBeCloseTo(2, 6);
    for (const edited of [plain, doubled]) {
      const { strokes, width, height, timeWeights } = edited.plan;
      const clock = new PenClock(
        strokes,
        width,
        height,
        params.drawingTime,
        undefined,
        timeWeights,
      );
      clock.advance(Infinity);
      expect(clock.pen.t[clock.timed - 1]).toBe(params.drawingTime);
      expect(partTimes(edited).at(-1)!.end).toBe(params.drawingTime);
    }
  });

  it("draws a part's strokes in the direction it is given", async () => {
    // Horizontal lines across the picture: drawn left to right, all in the first band.
    const image = await rgbaOf(await linesPng(320, 240, true));
    const plan = planStrokes(image, params);
    const part = plan.parts.reduce((best, p) => (p.strokes > best.strokes ? p : best));
    expect(part.strokes).toBeGreaterThan(5);
    const startsY = (direction: Direction) =>
      applyStrokeEdits(plan, { parts: { [part.id]: { direction } } }, 1)
        .strokes.filter((s) => s.part === part.id)
        .map((s) => Math.floor(s.pixels[0]! / plan.width));
    const trend = (ys: number[]) =>
      spearman(
        ys,
        ys.map((_, i) => i),
      );
    expect(trend(startsY('Top to bottom'))).toBeGreaterThan(0.9);
    expect(trend(startsY('Bottom to top'))).toBeLessThan(-0.9);
    // Each stroke from its end that comes first that way.
    const rightToLeft = applyStrokeEdits(
      plan,
      { parts: { [part.id]: { direction: 'Right to left' } } },
      1,
    ).strokes.filter((s) => s.part === part.id);
    for (const s of rightToLeft)
      expect(s.pixels[0]! % plan.width).toBeGreaterThan(s.pixels.at(-1)! % plan.width);
  });

  it('applies edits made on a 480 px plan to a 1440 px one: the deleted line is gone there too', async () => {
    const source = await linesPng(960, 720);
    const small = await rgbaOf(source, 480);
    const large = await rgbaOf(source, 1440);
    // Image pixels are the source's: 960 wide.
    const smallPlan = planStrokes(small, { ...params, zoneScale: 0.5 });
    const largePlan = planStrokes(large, { ...params, zoneScale: 1.5 });
    const target = longContour(smallPlan, 100);
    const edits = deleting(smallPlan, [target], 0.5);
    const edited = applyStrokeEdits(largePlan, edits, 1.5);
    // The line's place at 1440: within 3 px of the deleted centre line.
    const [first, last] = [edits.deleted![0]!.points[0]!, edits.deleted![0]!.points.at(-1)!];
    const nearLine = (p: number) => {
      const [x, y] = [(p % largePlan.width) + 0.5, Math.floor(p / largePlan.width) + 0.5];
      const [ax, ay, bx, by] = [first[0] * 1.5, first[1] * 1.5, last[0] * 1.5, last[1] * 1.5];
      const t = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2);
      const inner = t > 0.05 && t < 0.95;
      return inner && Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)) < 3;
    };
    const inkNear = (ink: Uint8Array) => ink.reduce((n, v, p) => (v && nearLine(p) ? n + 1 : n), 0);
    expect(inkNear(largePlan.ink)).toBeGreaterThan(500);
    expect(inkNear(edited.plan.ink)).toBeLessThan(inkNear(largePlan.ink) / 20);
    // The other lines keep their ink.
    const removed = removedInk(largePlan, edited).length;
    expect(removed).toBeLessThan(largePlan.ink.reduce((n, v) => n + v, 0) / 5);
  });
});
