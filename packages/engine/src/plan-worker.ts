/**
 * Worker thread: takes planning work off the render's thread while that thread has its own (the
 * pen lines while it hatches, their strokes while it joins lines and hatching, the colour plan
 * while it orders the strokes).
 */
import { parentPort } from 'node:worker_threads';
import { planColour } from './colour.js';
import { penLines } from './outline.js';
import { lineStrokes } from './strokes.js';
import type { WorkerTask } from './parallel.js';

parentPort?.on('message', (task: WorkerTask) => {
  if (task.kind === 'lines') {
    const { luma, zoneMap, width, height, scale } = task;
    const lines = penLines(luma, width, height, scale);
    const kind = lines.kind.slice(); // the lines' own go to the render's thread
    parentPort?.postMessage(lines, [lines.kind.buffer, lines.tone.buffer] as ArrayBuffer[]);
    const traced = lineStrokes(kind, zoneMap, width, height);
    parentPort?.postMessage(traced, [traced.owner.buffer] as ArrayBuffer[]);
  } else {
    const result = planColour(task.params);
    const { finalRgb, colour } = result;
    const buffers = [finalRgb, colour.final, colour.luma.order, colour.luma.start];
    buffers.push(colour.chroma.order, colour.chroma.start);
    parentPort?.postMessage(result, buffers.map((b) => b.buffer) as ArrayBuffer[]);
  }
});
