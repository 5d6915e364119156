import sharp from 'sharp';
import { planStrokes } from './src/sketch.js';
const file = process.argv[2]!;
const { data, info } = await sharp(file).resize(1920, 1080, { fit: 'cover' }).resize(960, 540).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
const image = { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
const settings = { drawingTime: 10, grayscaleLevel: 50, direction: 'Left to right' } as never;
for (let i = 0; i < 4; i++) {
  const t = performance.now();
  const plan = planStrokes(image as never, { ...(settings as object), zones: [], zoneScale: 0.5 } as never);
  console.log('plan', (performance.now() - t).toFixed(0), 'ms', plan.strokes.length, 'strokes');
}
