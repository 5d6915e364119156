/**
 * The chosen image decoded and scaled to a screen-sized copy, in a worker (the live outline's and
 * the stroke editor's). Decoding and scaling is the slow part: the last copy is kept for the next
 * request on the same image.
 */
import type { RgbaImage } from '@rasma/engine/outline';

export interface ScreenCopy {
  image: Blob;
  longSide: number;
  pixels: RgbaImage;
  /** The image's own size (as shown, EXIF orientation applied). */
  sourceWidth: number;
  sourceHeight: number;
}

let decoded: ScreenCopy | undefined;

/** `image` with its long side at most `longSide` (never enlarged), as RGBA on white paper. */
export async function screenCopy(image: Blob, longSide: number): Promise<ScreenCopy> {
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
  const sourceHeight = bitmap.height;
  bitmap.close();
  const pixels = { width, height, data: context.getImageData(0, 0, width, height).data };
  decoded = { image, longSide, pixels, sourceWidth, sourceHeight };
  return decoded;
}
