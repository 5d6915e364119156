/** The preview-outline helpers for the server (Node: decoding and PNG encoding with sharp). */
import sharp from 'sharp';
import { atMostVideoSize, decodeImage } from './decode.js';
import { EngineError } from './errors.js';
import { DEFAULT_OUTPUT_SIZE } from './options.js';
import type { OutlineResult } from './outline.js';
import { outline, outlineToGrey } from './outline.js';
import type { ZoneShape } from './types.js';

/** PNG bytes of an outline: white paper, lines in their tone. */
async function outlinePng(result: OutlineResult): Promise<Buffer> {
  return sharp(outlineToGrey(result), {
    raw: { width: result.width, height: result.height, channels: 1 },
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

export interface PreviewParams {
  /** Global level 0-255 (the preview payload's globalThreshold). */
  grayscaleLevel?: number;
  /** The payload's maskDetails: points and brushSize in image pixels, fillLevel 0-100. */
  zones?: readonly ZoneShape[];
  /**
   * Work on a copy with this long side (zones are scaled to match); default: the image's own size,
   * shrunk to fit a 1080p video.
   */
  longSide?: number;
}

/** Decodes an image (path or bytes) and returns its outline as PNG bytes. */
export async function previewOutline(
  input: string | Buffer,
  params: PreviewParams = {},
): Promise<Buffer> {
  const level = params.grayscaleLevel ?? 128;
  if (!Number.isFinite(level) || level < 0 || level > 255) {
    throw new EngineError(
      'INVALID_OPTIONS',
      'Invalid option grayscaleLevel: expected a number from 0 to 255',
    );
  }
  for (const zone of params.zones ?? []) {
    const bad =
      zone.points.length === 0 ||
      !zone.points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y)) ||
      !(zone.brushSize > 0) ||
      !(zone.fillLevel >= 0 && zone.fillLevel <= 100);
    if (bad)
      throw new EngineError(
        'INVALID_OPTIONS',
        'Invalid zone: needs points, a positive brushSize and a fillLevel 0-100',
      );
  }
  const image = await decodeImage(
    input,
    // Never larger than a 1080p video's picture: lines and hatching scale with the picture, so it
    // is the same drawing, and a 12-megapixel photo costs a 1080p outline, not five times that.
    params.longSide ? { longSide: params.longSide } : atMostVideoSize(DEFAULT_OUTPUT_SIZE),
  );
  const result = outline(image, {
    grayscaleLevel: level,
    zones: params.zones ?? [],
    zoneScale: image.width / image.sourceWidth,
  });
  return outlinePng(result);
}
