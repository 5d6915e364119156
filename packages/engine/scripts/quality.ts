/**
 * Drawing quality on our own photo set: `npm run quality:engine`. For each photo, at the default
 * settings and 1080p (1440x1080 for our 4:3 photos), prints the measures of the black-and-white
 * final frame (solid ink, ink darkness, tone kept) and of the colour model's (lines kept), and
 * writes a contact sheet per photo to docs/quality-<name>.png: source, half-way through the
 * drawing, final drawing, final colour picture.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage, videoLayout } from '../src/decode.js';
import { DEFAULT_OUTPUT_SIZE } from '../src/options.js';
import { revealFrames } from '../src/plan.js';
import { planSketch } from '../src/sketch.js';
import { inkMedian, inkShareOfSource, solidInkShare, toneCorrelation } from '../test/measures.js';
import { PHOTO_NAMES, photoPng } from '../test/photos.js';

const DOCS = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');
const TILE = 480;

const tile = (raw: Uint8Array, width: number, height: number, channels: 1 | 3) =>
  sharp(raw, { raw: { width, height, channels } })
    .resize(TILE, Math.round((TILE * height) / width))
    .removeAlpha()
    .toColourspace('srgb')
    .png()
    .toBuffer();

async function main(): Promise<void> {
  await mkdir(DOCS, { recursive: true });
  console.log(
    'photo        b/w: solid-ink  ink-median  tone-corr  colour: ink/source  b/w plan ms',
  );
  for (const name of PHOTO_NAMES) {
    const image = await decodeImage(
      await photoPng(name),
      videoLayout('original', DEFAULT_OUTPUT_SIZE),
    );
    const { width, height } = image;
    const params = {
      zones: [],
      zoneScale: 1,
      grayscaleLevel: 128,
      direction: 'Left to right' as const,
      drawingTime: 15,
      seed: 1,
    };
    const t0 = performance.now();
    const bw = planSketch(image, { ...params, colour: false });
    const ms = Math.round(performance.now() - t0);
    const colour = planSketch(image, { ...params, colour: true });
    const { ink } = bw.outline;
    const grey = bw.grey;
    const rgb = colour.finalRgb!;
    console.log(
      [
        name.padEnd(11),
        `${(solidInkShare(ink, width, height) * 100).toFixed(2)} %`.padStart(15),
        String(inkMedian(ink, grey)).padStart(10),
        toneCorrelation(image, grey).toFixed(3).padStart(10),
        `${(inkShareOfSource(image, colour.outline.ink, rgb) * 100).toFixed(1)} %`.padStart(19),
        String(ms).padStart(12),
      ].join('  '),
    );
    // Contact sheet: source, half-way, final drawing, final colour.
    const half = Math.floor(bw.script.drawFrames / 2);
    const revealFrame = revealFrames(bw.script);
    const halfway = Uint8Array.from(grey, (v, p) => (revealFrame[p]! < half ? v : 255));
    const rgbSource = new Uint8Array(width * height * 3);
    for (let p = 0; p < width * height; p++)
      rgbSource.set(image.data.subarray(p * 4, p * 4 + 3), p * 3);
    const tiles = await Promise.all([
      tile(rgbSource, width, height, 3),
      tile(halfway, width, height, 1),
      tile(grey, width, height, 1),
      tile(rgb, width, height, 3),
    ]);
    const th = Math.round((TILE * height) / width);
    await sharp({
      create: { width: TILE * 4 + 30, height: th, channels: 3, background: '#ffffff' },
    })
      .composite(tiles.map((input, i) => ({ input, left: i * (TILE + 10), top: 0 })))
      .png({ palette: true, quality: 80 })
      .toFile(join(DOCS, `quality-${name}.png`));
  }
  console.log(
    `targets: solid-ink < 2 %, ink-median < 40, tone-corr >= 0.75, colour-ink/source <= 60 %; sheets in ${DOCS}`,
  );
}

await main();
