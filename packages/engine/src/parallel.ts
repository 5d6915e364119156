/**
 * Planning on two threads (Node): a worker draws the outline's pen lines while this thread
 * hatches the tone, and traces their strokes while this thread joins lines and hatching; then it
 * plans the colour while this thread orders the strokes. The same functions on the same pixels,
 * so the same video. Without a worker (it could not start, or died) the caller does the work
 * itself.
 */
import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from '@rasma/engine/built';
import type { ColourParams, ColourResult } from './colour.js';
import type { Lines, OutlineParams, OutlineResult } from './outline.js';
import { combineOutline, hatchTone, outlineInput, penLines, toLuma } from './outline.js';
import type { TracedStrokes } from './strokes.js';
import type { RgbaImage } from './types.js';

export interface LinesRequest {
  luma: Float32Array;
  zoneMap: Uint8Array;
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
  /** Who gets the replies still to come, in order (the worker does one task at a time). */
  private readonly waiting: ((reply: unknown) => void)[] = [];
  /** The answers still owed (undefined for those the worker cannot give). */
  private owed: Promise<unknown>[] = [];

  constructor() {
    this.worker = startWorker();
    this.worker.on('message', (reply) => {
      this.waiting.shift()?.(reply);
      if (this.waiting.length === 0) this.worker.unref();
    });
    const failed = (error: Error) => {
      this.failure ??= error;
      for (const answer of this.waiting.splice(0)) answer(undefined);
    };
    this.worker.on('error', failed);
    this.worker.on('exit', () => failed(new Error('the plan worker has ended')));
    // Waiting for work, it does not keep the process alive; working for someone, it does.
    this.worker.unref();
  }

  /**
   * The pen lines, then their strokes (`lineStrokes`); each undefined when the worker failed
   * (the caller makes them itself).
   */
  lines(request: LinesRequest): {
    lines: Promise<Lines | undefined>;
    strokes: Promise<TracedStrokes | undefined>;
  } {
    const [lines, strokes] = this.run({ kind: 'lines', ...request }, 2);
    return {
      lines: lines as Promise<Lines | undefined>,
      strokes: strokes as Promise<TracedStrokes | undefined>,
    };
  }

  /** The colour plan, or undefined when the worker failed. */
  colour(params: ColourParams): Promise<ColourResult | undefined> {
    return this.run({ kind: 'colour', params }, 1)[0] as Promise<ColourResult | undefined>;
  }

  /** Posts a task; one promise for each of its replies. */
  private run(task: WorkerTask, replies: number): Promise<unknown>[] {
    if (this.failure) return Array.from({ length: replies }, () => Promise.resolve(undefined));
    const answers = Array.from(
      { length: replies },
      () => new Promise<unknown>((resolve) => this.waiting.push(resolve)),
    );
    this.owed = [...this.owed, ...answers];
    this.worker.ref();
    this.worker.postMessage(task);
    return answers;
  }

  /** Ends the thread once it has answered what it was asked. */
  async close(): Promise<void> {
    await Promise.all(this.owed);
    // The answers are the caller's now: a story keeps its closed workers until it ends.
    this.owed = [];
    await this.worker.terminate();
  }
}

/**
 * Like `outline`, with the lines drawn by `worker`; and the lines' strokes as the worker traces
 * them (undefined when it could not: the caller then traces them, `lineStrokes`).
 */
export async function outlineInParallel(
  image: RgbaImage,
  params: OutlineParams,
  worker: PlanWorker,
): Promise<{ outline: OutlineResult; lineStrokes: Promise<TracedStrokes | undefined> }> {
  const input = outlineInput(image, params);
  const { luma, zoneMap, width, height, scale } = input;
  // The worker gets copies: hatchTone smooths this thread's luma in place.
  const fromWorker = worker.lines({ luma, zoneMap, width, height, scale });
  const hatching = hatchTone(input);
  // Without the worker, from a fresh luma (this one is smoothed by now).
  const lines = (await fromWorker.lines) ?? penLines(toLuma(image), width, height, scale);
  return { outline: combineOutline(input, lines, hatching), lineStrokes: fromWorker.strokes };
}

/**
 * The second thread: from a bundle (the CLI's, the server's render process) the `plan-worker.js`
 * built beside it; from the TypeScript source the engine's built one while it is fresh, else the
 * source through tsx.
 */
function startWorker(): Worker {
  return startTypeScriptWorker({
    caller: import.meta.url,
    source: new URL('./plan-worker.ts', import.meta.url),
    bundle: new URL('../dist/plan-worker.js', import.meta.url),
    built: new URL('./plan-worker.js', import.meta.url),
  });
}
