import { useEffect, useRef, useState } from 'react';
import type { Zone } from '../zones/zone';
import type { LiveOutlineRequest, LiveOutlineResponse } from './messages';

/** Big enough for the editor on a wide screen, small enough to redraw while a slider moves. */
export const LIVE_OUTLINE_LONG_SIDE = 960;

export type LiveOutline = ImageData | null;

/**
 * The outline of `image` with the fill level and zones, computed in a Web Worker while `enabled`.
 * The latest settings win: while the worker is busy, only the newest request waits, so a moving
 * slider never queues up work and the page never freezes. The last outline stays shown until the
 * next one is ready.
 */
export function useLiveOutline({
  enabled,
  image,
  grayscaleLevel,
  zones,
}: {
  enabled: boolean;
  image: Blob;
  grayscaleLevel: number;
  zones: readonly Zone[];
}): { outline: LiveOutline; failed: boolean } {
  const [outline, setOutline] = useState<LiveOutline>(null);
  const [failed, setFailed] = useState(false);
  const worker = useRef<{ post(request: Omit<LiveOutlineRequest, 'id'>): void } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const instance = new Worker(new URL('./outline.worker.ts', import.meta.url), {
      type: 'module',
    });
    let nextId = 0;
    let busy = false;
    let waiting: LiveOutlineRequest | null = null;
    const send = (request: LiveOutlineRequest) => {
      busy = true;
      instance.postMessage(request);
    };
    instance.onmessage = ({ data }: MessageEvent<LiveOutlineResponse>) => {
      busy = false;
      if ('error' in data) setFailed(true);
      else {
        setFailed(false);
        setOutline(new ImageData(data.rgba, data.width, data.height));
      }
      if (waiting) send(waiting);
      waiting = null;
    };
    instance.onerror = () => setFailed(true);
    worker.current = {
      post(request) {
        const numbered = { ...request, id: ++nextId };
        if (busy) waiting = numbered;
        else send(numbered);
      },
    };
    return () => {
      instance.terminate();
      worker.current = null;
      setOutline(null);
    };
  }, [enabled]);

  useEffect(() => {
    if (!enabled) return;
    worker.current?.post({
      image,
      longSide: LIVE_OUTLINE_LONG_SIDE,
      grayscaleLevel,
      zones: zones.map(({ points, brushSize, fillLevel }) => ({ points, brushSize, fillLevel })),
    });
  }, [enabled, image, grayscaleLevel, zones]);

  return { outline, failed };
}
