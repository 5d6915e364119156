/**
 * Drawing quality on our own photo set and a few real photos: `npm run quality:engine`. For each
 * photo, at the default settings and 1080p (1440x1080 for our 4:3 photos), prints the measures of
 * the black-and-white final frame (ink share, ink over the source's flat light areas, solid ink,
 * ink darkness, tone kept, how much of the hatching runs one way) and of the colour model's (pen
 * lines kept, colour difference from the source, holes left unpainted inside painted areas
 * half-way through the colour phase), and writes a contact sheet per photo to
 * docs/quality-<name>.png: source, half-way through the drawing, final drawing, half-way through
 * the colour, final colour picture.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeImage, videoLayout } from '../src/decode.js';
import { KIND } from '../src/hatch.js';
import { DEFAULT_OUTPUT_SIZE } from '../src/options.js';
import { revealFrames } from '../src/plan.js';
import { planSketch } from '../src/sketch.js';
import {
  colourDifference,
  enclosedUnpaintedShare,
  flatAreaInkShare,
  hatchDirectionShare,
  inkMedian,
  inkShare,
  inkShareOfSource,
  solidInkShare,
  toneCorrelation,
} from '../test/measures.js';
import { DOCS, QUALITY_SETTINGS, TILE, qualityPhotos, tile, writeSheet } from './quality-set.js';

/** The pen lines' pixels (the hatching is a light texture in colour). */
const penLines = (kind: Uint8Array) =>
  Uint8Array.from(kind, (k) => ((k & 7) === KIND.contour || (k & 7) === KIND.detail ? 1 : 0));

async function main(): Promise<void> {
  await mkdir(DOCS, { recursive: true });
  console.log(
    'photo               b/w: ink    flat-ink  solid-ink  ink-median  tone-corr  one-way  colour: lines/source  dE2000  holes  b/w plan ms',
  );
  for (const [name, bytes] of qualityPhotos()) {
    const image = await decodeImage(await bytes(), videoLayout('original', DEFAULT_OUTPUT_SIZE));
    const { width, height } = image;
    const params = QUALITY_SETTINGS;
    const t0 = performance.now();
    const bw = planSketch(image, { ...params, colour: false });
    const ms = Math.round(performance.now() - t0);
    const colour = planSketch(image, { ...params, colour: true });
    const { ink } = bw.outline;
    const grey = bw.grey;
    const rgb = colour.finalRgb!;
    // Half-way through the colour phase: which pixels are painted.
    const painting = colour.script.colour!;
    const paintedAtHalf = new Uint8Array(width * height);
    const { order, start } = painting.luma;
    for (let i = 0; i < start[Math.floor(painting.frames / 2)]!; i++) paintedAtHalf[order[i]!] = 1;
    console.log(
      [
        name.padEnd(18),
        `${(inkShare(grey) * 100).toFixed(1)} %`.padStart(11),
        `${(flatAreaInkShare(image, grey) * 100).toFixed(1)} %`.padStart(8),
        `${(solidInkShare(ink, width, height) * 100).toFixed(2)} %`.padStart(9),
        String(inkMedian(ink, grey)).padStart(10),
        toneCorrelation(image, grey).toFixed(3).padStart(9),
        `${(hatchDirectionShare(bw.outline.hatchLines) * 100).toFixed(0)} %`.padStart(7),
        `${(inkShareOfSource(image, penLines(colour.outline.kind), rgb) * 100).toFixed(1)} %`.padStart(
          18,
        ),
        colourDifference(image, rgb).toFixed(2).padStart(6),
        `${(enclosedUnpaintedShare(paintedAtHalf, width, height, params.direction) * 100).toFixed(2)} %`.padStart(
          6,
        ),
        String(ms).padStart(11),
      ].join('  '),
    );
    // Contact sheet: source, half-way, final drawing, half-way through the colour, final colour.
    const half = Math.floor(bw.script.drawFrames / 2);
    const revealFrame = revealFrames(bw.script);
    const halfway = Uint8Array.from(grey, (v, p) => (revealFrame[p]! < half ? v : 255));
    const paintedHalf = Uint8Array.from(
      { length: width * height * 3 },
      (_, i) => colour.grey[(i / 3) | 0]!,
    );
    for (let p = 0; p < width * height; p++)
      if (paintedAtHalf[p] === 1) paintedHalf.set(rgb.subarray(p * 3, p * 3 + 3), p * 3);
    const rgbSource = new Uint8Array(width * height * 3);
    for (let p = 0; p < width * height; p++)
      rgbSource.set(image.data.subarray(p * 4, p * 4 + 3), p * 3);
    const tiles = await Promise.all([
      tile(rgbSource, width, height, 3),
      tile(halfway, width, height, 1),
      tile(grey, width, height, 1),
      tile(paintedHalf, width, height, 3),
      tile(rgb, width, height, 3),
    ]);
    const th = Math.round((TILE * height) / width);
    await writeSheet([tiles], th, join(DOCS, `quality-${name}.png`));
  }
  console.log(
    `targets: ink (share of the picture) 10-20 % on a photo, flat-ink (over flat light-to-mid source pixels) <= 2 %, solid-ink < 2 %, ink-median < 40, tone-corr >= 0.75, one-way (hatching within 15 degrees of its commonest direction) not near 100 %, colour-lines/source <= 60 %, dE2000 (blurred 4 px) < 4.5, holes (half-way through the colour, unpainted but cut off by paint from the edge it goes to) 0 %; sheets in ${DOCS}`,
  );
}

await main();
