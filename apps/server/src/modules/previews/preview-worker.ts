/** The outline preview's thread (see preview-thread.ts): one task at a time, in arrival order. */
import { parentPort } from 'node:worker_threads';
import { previewOutline } from '@rasma/engine';
import type { PreviewAnswer, PreviewTask } from './preview-thread.js';

const port = parentPort;
if (!port) throw new Error('preview-worker.ts runs in a worker thread');

port.on('message', ({ id, image, params }: PreviewTask) => {
  previewOutline(Buffer.from(image), params).then(
    (png) => port.postMessage({ id, png } satisfies PreviewAnswer),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PreviewAnswer),
  );
});
