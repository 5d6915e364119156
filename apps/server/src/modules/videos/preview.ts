import { grayscaleLevelSchema, previewMaskDetailSchema, ZONE_LIMITS } from '@rasma/contract';
import { previewOutline } from '@rasma/engine';
import { z } from 'zod';
import type { StoredImage } from '../images/image-file.js';
import { parseJsonField } from './upload.js';

/**
 * The outline preview is drawn at this long side at most: enough for the preview dialog, and quick
 * enough (tens of milliseconds) to run on the request thread, where a full-size one would not be.
 */
const PREVIEW_LONG_SIDE = 1280;

/** The outline of an uploaded image with the given fill level and zones, as a PNG data URL. */
export async function previewOutlineImage(
  image: StoredImage,
  fields: Record<string, string>,
): Promise<string> {
  const level = parseJsonField(fields, 'globalThreshold', grayscaleLevelSchema);
  const zones = parseJsonField(
    fields,
    'maskDetails',
    z.array(previewMaskDetailSchema).max(ZONE_LIMITS.maxZones).default([]),
  );
  const png = await previewOutline(image.data, {
    grayscaleLevel: level,
    zones,
    longSide: Math.min(PREVIEW_LONG_SIDE, Math.max(image.width, image.height)),
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}
