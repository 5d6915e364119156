/**
 * The outline on two threads (Node): the pen lines in a worker while this thread hatches the tone.
 * The same functions on the same pixels as `outline`, so the same drawing, in about half the time
 * on two cores. Without a worker (it could not start, or died) the lines are drawn here.
 */
import { Worker } from 'node:worker_threads';
import type { Lines, OutlineParams, OutlineResult } from './outline.js';
import { combineOutline, hatchTone, outlineInput, penLines, toLuma } from './outline.js';
import type { RgbaImage } from './types.js';

export interface LinesRequest {
  luma: Float32Array;
  width: number;
  height: number;
  scale: number;
}

/** A worker that draws pen lines, started early so it is ready when the picture is. */
export class LinesWorker {
  private readonly worker: Worker;
  private failure: Error | undefined;

  constructor() {
    this.worker = startWorker();
    this.worker.on('error', (error) => (this.failure ??= error));
    this.worker.on('exit', () => (this.failure ??= new Error('the lines worker has ended')));
    // It only ever waits for work: it does not keep the process alive.
    this.worker.unref();
  }

  /** The pen lines, or undefined when the worker failed (the caller draws them itself). */
  lines(request: LinesRequest): Promise<Lines | undefined> {
    if (this.failure) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const done = (lines: Lines | undefined) => {
        this.worker.off('message', done);
        this.worker.off('error', failed);
        this.worker.off('exit', failed);
        resolve(lines);
      };
      const failed = () => done(undefined);
      this.worker.once('message', done);
      this.worker.once('error', failed);
      this.worker.once('exit', failed);
      this.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** Like `outline`, with the lines drawn by `worker`. */
export async function outlineInParallel(
  image: RgbaImage,
  params: OutlineParams,
  worker: LinesWorker,
): Promise<OutlineResult> {
  const input = outlineInput(image, params);
  const { luma, width, height, scale } = input;
  // The worker gets a copy: hatchTone smooths this thread's luma in place.
  const linesReady = worker.lines({ luma, width, height, scale });
  const hatching = hatchTone(input);
  // Without the worker, from a fresh luma (this one is smoothed by now).
  const lines = (await linesReady) ?? penLines(toLuma(image), width, height, scale);
  return combineOutline(input, lines, hatching);
}

/**
 * The built bundle runs its own `lines-worker.js`; from the TypeScript source (tsx, tests) a
 * small bootstrap registers tsx in the worker, then loads `lines-worker.ts`.
 */
function startWorker(): Worker {
  const bundled = import.meta.url.endsWith('.js');
  return new Worker(
    new URL(bundled ? './lines-worker.js' : './lines-worker-tsx.mjs', import.meta.url),
  );
}
