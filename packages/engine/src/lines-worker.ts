/** Worker thread: draws the pen lines of an outline while the calling thread hatches its tone. */
import { parentPort } from 'node:worker_threads';
import { penLines } from './outline.js';
import type { LinesRequest } from './outline-parallel.js';

parentPort?.on('message', ({ luma, width, height, scale }: LinesRequest) => {
  const lines = penLines(luma, width, height, scale);
  parentPort?.postMessage(lines, [
    lines.kind.buffer as ArrayBuffer,
    lines.tone.buffer as ArrayBuffer,
  ]);
});
