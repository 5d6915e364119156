/**
 * The live outline, off the main thread: the engine's own outline step (the code the server's
 * preview and the video use) on a screen-sized copy of the image.
 */
import { outline, outlineToRgba, type RgbaImage } from '@rasma/engine/outline';
import type { LiveOutlineRequest, LiveOutlineResponse } from './messages';

/** Decoding and scaling is the slow part: kept for the next request on the same image. */
let decoded: { image: Blob; longSide: number; pixels: RgbaImage; sourceWidth: number } | undefined;

async function pixelsOf(image: Blob, longSide: number) {
  if (decoded?.image === image && decoded.longSide === longSide) return decoded;
  // EXIF orientation applied, as the page's <img> shows it (and the server's decoder reads it).
  const bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
  const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas in this browser');
  // Transparent pixels are drawn on white paper, as the engine composites them.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const sourceWidth = bitmap.width;
  bitmap.close();
  const pixels = { width, height, data: context.getImageData(0, 0, width, height).data };
  decoded = { image, longSide, pixels, sourceWidth };
  return decoded;
}

self.onmessage = async ({ data: request }: MessageEvent<LiveOutlineRequest>) => {
  let response: LiveOutlineResponse;
  try {
    const { pixels, sourceWidth } = await pixelsOf(request.image, request.longSide);
    const result = outline(pixels, {
      grayscaleLevel: request.grayscaleLevel,
      zones: request.zones,
      zoneScale: pixels.width / sourceWidth,
    });
    // A fresh array on its own ArrayBuffer (never shared): it can be transferred, not copied.
    const rgba = outlineToRgba(result) as Uint8ClampedArray<ArrayBuffer>;
    response = { id: request.id, width: result.width, height: result.height, rgba };
    self.postMessage(response, { transfer: [rgba.buffer] });
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    self.postMessage(response);
  }
};
