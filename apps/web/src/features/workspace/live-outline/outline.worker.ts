/**
 * The live outline, off the main thread: the engine's own outline step (the code the server's
 * preview and the video use) on a screen-sized copy of the image.
 */
import { outline, outlineToRgba } from '@rasma/engine/outline';
import { screenCopy } from '../image/screen-copy';
import type { LiveOutlineRequest, LiveOutlineResponse } from './messages';

self.onmessage = async ({ data: request }: MessageEvent<LiveOutlineRequest>) => {
  let response: LiveOutlineResponse;
  try {
    const { pixels, sourceWidth } = await screenCopy(request.image, request.longSide);
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
