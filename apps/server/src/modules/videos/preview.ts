import { grayscaleLevelSchema, previewMaskDetailSchema, ZONE_LIMITS } from '@rasma/contract';
import { z } from 'zod';
import type { StoredImage } from '../images/image-file.js';
import type { PreviewThread } from './preview-thread.js';
import { parseJsonField } from './upload.js';

/** The outline preview is drawn at this long side at most: enough for the preview dialog. */
const PREVIEW_LONG_SIDE = 1280;

/** The outline of an uploaded image with the given fill level and zones, as a PNG data URL. */
export async function previewOutlineImage(
  image: StoredImage,
  fields: Record<string, string>,
  thread: PreviewThread,
): Promise<string> {
  const level = parseJsonField(fields, 'globalThreshold', grayscaleLevelSchema);
  const zones = parseJsonField(
    fields,
    'maskDetails',
    z.array(previewMaskDetailSchema).max(ZONE_LIMITS.maxZones).default([]),
  );
  const png = await thread.draw(image.data, {
    grayscaleLevel: level,
    zones,
    longSide: Math.min(PREVIEW_LONG_SIDE, Math.max(image.width, image.height)),
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}
