import type { ZoneShape } from '@rasma/engine/outline';

/** Main thread -> outline worker: the image (decoded and scaled in the worker) and the settings. */
export interface LiveOutlineRequest {
  id: number;
  image: Blob;
  /** The screen-sized copy's long side; the image is never enlarged. */
  longSide: number;
  grayscaleLevel: number;
  /** In the image's own pixels, as painted. */
  zones: readonly ZoneShape[];
}

/** Outline worker -> main thread: the outline's pixels, or why there are none. */
export type LiveOutlineResponse =
  | { id: number; width: number; height: number; rgba: Uint8ClampedArray<ArrayBuffer> }
  | { id: number; error: string };
