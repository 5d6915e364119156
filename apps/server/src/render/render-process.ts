/**
 * A render process, forked by runner.ts for one render: it lowers its CPU priority, runs the
 * engine on the request it receives, reports progress and the outcome over IPC, then exits.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { RenderOptionsInput, StorySceneInput } from '@rasma/engine';
import { renderRequestSchema, type RenderReport } from './messages.js';

/** The lowest priority: the HTTP server (nice 0) has the CPU whenever it wants, renders the rest. */
const RENDER_NICE = 19;

// Before the engine loads, so the threads and processes it starts (sharp's, ffmpeg) inherit it.
lowerPriority();
const { EngineError, renderSketchVideo, renderStoryVideo, resolveFfmpeg } =
  await import('@rasma/engine');

const send = process.send?.bind(process);
if (!send)
  throw new Error('render-process.ts is started by the render runner, with an IPC channel.');

/** Progress and log lines are fire-and-forget; the outcome is flushed before the process exits. */
const report = (message: RenderReport) => send(message);
const reportLast = (message: RenderReport) =>
  new Promise<void>((resolve) => send(message, undefined, {}, () => resolve()));

// Without the runner nobody wants the result (the runner also kills our process group).
process.on('disconnect', () => process.exit(1));

process.once('message', (raw: unknown) => {
  void render(raw).then(() => process.exit(0));
});

async function render(raw: unknown): Promise<void> {
  try {
    const request = renderRequestSchema.parse(raw);
    const params = {
      output: request.output,
      thumbnail: request.thumbnail,
      transparentOutput: request.transparentOutput,
      audio: request.audio,
      // The engine validates the options and scenes (INVALID_OPTIONS names the bad field).
      options: request.options as RenderOptionsInput,
      tempDir: request.tempDir,
      ffmpeg: await resolveFfmpeg({ ffmpegPath: request.ffmpegPath }),
      onProgress: (percent: number) => report({ type: 'progress', percent }),
      log: (message: string) => report({ type: 'log', message }),
    };
    const result =
      'scenes' in request
        ? await renderStoryVideo({ ...params, scenes: request.scenes as StorySceneInput[] })
        : await renderSketchVideo({ ...params, input: request.input });
    await reportLast({ type: 'done', result });
  } catch (error) {
    await reportLast({
      type: 'failed',
      ...(error instanceof EngineError ? { code: error.code } : {}),
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * On Linux a nice value belongs to a thread, and Node (V8's workers, libuv's pool) and tsx have
 * started several before this code runs: lower each of them. And with autogroups the CPU is shared
 * fairly between sessions first (the runner starts us in our own), so lower our session's too.
 * Elsewhere, this thread.
 */
function lowerPriority(): void {
  let threads = [0];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
    writeFileSync('/proc/self/autogroup', String(RENDER_NICE));
  } catch {
    // Not Linux, or no autogroups.
  }
  for (const thread of threads) {
    try {
      setPriority(thread, RENDER_NICE);
    } catch {
      // The thread has ended.
    }
  }
}
