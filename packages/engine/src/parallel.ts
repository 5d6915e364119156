/**
 * Planning on two threads (Node): a worker draws the outline's pen lines while this thread
 * hatches the tone, then plans the colour while this thread orders and times the strokes. The
 * same functions on the same pixels, so the same video. Without a worker (it could not start, or
 * died) the caller does the work itself.
 */
import { Worker } from 'node:worker_threads';
import type { ColourParams, ColourResult } from './colour.js';
import type { Lines, OutlineParams, OutlineResult } from './outline.js';
import { combineOutline, hatchTone, outlineInput, penLines, toLuma } from './outline.js';
import type { RgbaImage } from './types.js';

export interface LinesRequest {
  luma: Float32Array;
  width: number;
  height: number;
  scale: number;
}

export type WorkerTask =
  ({ kind: 'lines' } & LinesRequest) | { kind: 'colour'; params: ColourParams };

/** The planning's second thread, started early so it is ready when the picture is. */
export class PlanWorker {
  private readonly worker: Worker;
  private failure: Error | undefined;

  constructor() {
    this.worker = startWorker();
    this.worker.on('error', (error) => (this.failure ??= error));
    this.worker.on('exit', () => (this.failure ??= new Error('the plan worker has ended')));
    // It only ever waits for work: it does not keep the process alive.
    this.worker.unref();
  }

  /** The pen lines, or undefined when the worker failed (the caller draws them itself). */
  lines(request: LinesRequest): Promise<Lines | undefined> {
    return this.run({ kind: 'lines', ...request });
  }

  /** The colour plan, or undefined when the worker failed. */
  colour(params: ColourParams): Promise<ColourResult | undefined> {
    return this.run({ kind: 'colour', params });
  }

  /** One task at a time: the answer to a task is the next message. */
  private run<T>(task: WorkerTask): Promise<T | undefined> {
    if (this.failure) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const done = (result: T | undefined) => {
        this.worker.off('message', done);
        this.worker.off('error', failed);
        this.worker.off('exit', failed);
        resolve(result);
      };
      const failed = () => done(undefined);
      this.worker.once('message', done);
      this.worker.once('error', failed);
      this.worker.once('exit', failed);
      this.worker.postMessage(task);
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
  worker: PlanWorker,
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
 * The built bundle runs its own `plan-worker.js`; from the TypeScript source (tsx, tests) a small
 * bootstrap runs that one when it is fresh, else `plan-worker.ts` through tsx.
 */
function startWorker(): Worker {
  const bundled = import.meta.url.endsWith('.js');
  return new Worker(
    new URL(bundled ? './plan-worker.js' : './plan-worker-source.mjs', import.meta.url),
  );
}
