import { describe, expect, it } from 'vitest';
import { revealFrames } from '../src/plan.js';
import { planSketch } from '../src/sketch.js';
import { DIRECTIONS } from '../src/types.js';
import { rgbaOf, sketchParams, spearman } from './helpers.js';
import { DEFAULT_OUTPUT_SIZE } from '../src/options.js';
import { decodeImage, videoLayout } from '../src/decode.js';
import { outline, outlineToGrey } from '../src/outline.js';
import {
  flatAreaInkShare,
  inkMedian,
  inkShare,
  solidInkShare,
  toneCorrelation,
} from './measures.js';
import { photoPng } from './photos.js';
import { realPhoto } from './real-photos.js';

/** Photos at a 640 px long side (the quality script measures them at 1920). */
const photo = async (name: 'night' | 'fur') => rgbaOf(await photoPng(name), 640);

describe('drawing a photo', () => {
  it.each(['night', 'fur'] as const)(
    '%s: pen lines and hatching, no slabs of ink, near-black ink, the tone kept',
    async (name) => {
      const image = await photo(name);
      const sketch = planSketch(image, sketchParams());
      const { ink } = sketch.outline;
      expect(solidInkShare(ink, image.width, image.height)).toBeLessThan(0.02);
      expect(inkMedian(ink, sketch.grey)).toBeLessThan(40);
      expect(toneCorrelation(image, sketch.grey)).toBeGreaterThanOrEqual(0.75);
    },
  );

  // At the video's own 1080p size (1440x1080 for a 4:3 photo): ink spreads thicker on a smaller
  // picture, whose lines keep a least width.
  it.each(['real-portrait', 'real-portrait-flat'] as const)(
    '%s: ink on a tenth to a fifth of the picture, flat light areas left as paper, the tone kept',
    async (name) => {
      const image = await decodeImage(
        await realPhoto(name),
        videoLayout('original', DEFAULT_OUTPUT_SIZE),
      );
      const grey = outlineToGrey(outline(image));
      expect(inkShare(grey)).toBeGreaterThanOrEqual(0.1);
      expect(inkShare(grey)).toBeLessThanOrEqual(0.2);
      expect(flatAreaInkShare(image, grey)).toBeLessThanOrEqual(0.02);
      expect(toneCorrelation(image, grey)).toBeGreaterThanOrEqual(0.75);
    },
  );

  it('reveals every ink pixel, hatching included, during the drawing, following each direction', async () => {
    const image = await photo('night');
    const { width } = image;
    for (const direction of DIRECTIONS) {
      const sketch = planSketch(image, sketchParams({ direction, drawingTime: 3 }));
      const revealFrame = revealFrames(sketch.script);
      const frames: number[] = [];
      const along: number[] = [];
      let hatched = 0;
      let outside = 0;
      sketch.outline.ink.forEach((v, p) => {
        if (!v) return;
        const f = revealFrame[p]!;
        if (f < 0 || f >= sketch.script.drawFrames) outside++;
        if (sketch.outline.kind[p]! >= 3) hatched++;
        if (p % 7 !== 0) return; // a sample is plenty for the rank correlation
        const x = p % width;
        const y = (p - x) / width;
        frames.push(f);
        along.push(
          { 'Left to right': x, 'Right to left': -x, 'Top to bottom': y, 'Bottom to top': -y }[
            direction
          ],
        );
      });
      expect(outside).toBe(0);
      expect(hatched).toBeGreaterThan(1000);
      expect(spearman(frames, along), direction).toBeGreaterThanOrEqual(0.9);
    }
  });
});
