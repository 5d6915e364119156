import { grayscaleLevelSchema, previewMaskDetailSchema, ZONE_LIMITS } from '@rasma/contract';
import type { PreviewParams } from '@rasma/engine';
import { z } from 'zod';
import type { StoredImage } from '../images/image-file.js';
import type { PreviewThread } from './preview-thread.js';
import { parseJsonField } from '../../http/upload.js';

/** The outline preview is drawn at this long side at most: enough for the preview dialog. */
export const PREVIEW_LONG_SIDE = 1280;

/** A preview's fill level and zones from its multipart fields (400 naming a bad one). */
export function parsePreviewFields(fields: Record<string, string>) {
  return {
    grayscaleLevel: parseJsonField(fields, 'globalThreshold', grayscaleLevelSchema),
    zones: parseJsonField(
      fields,
      'maskDetails',
      z.array(previewMaskDetailSchema).max(ZONE_LIMITS.maxZones).default([]),
    ),
  };
}

/**
 * The outline of an image with the given fill level and zones, as a PNG data URL. `scale` takes the
 * zones from the uploaded picture's pixels, which they were painted in, to the image's.
 */
export async function previewOutlineImage(
  image: StoredImage,
  { grayscaleLevel, zones }: ReturnType<typeof parsePreviewFields>,
  scale: number,
  thread: PreviewThread,
): Promise<string> {
  const params: PreviewParams = {
    grayscaleLevel,
    zones: zones.map((zone) => ({
      ...zone,
      points: zone.points.map((p) => ({ x: p.x * scale, y: p.y * scale })),
      brushSize: zone.brushSize * scale,
    })),
    longSide: Math.min(PREVIEW_LONG_SIDE, Math.max(image.width, image.height)),
  };
  const png = await thread.draw(image.data, params);
  return `data:image/png;base64,${png.toString('base64')}`;
}
