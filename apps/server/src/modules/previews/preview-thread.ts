/**
 * Draws outline previews on a worker thread: the outline is a second or so of CPU at preview size,
 * which on the request thread would stall every other request meanwhile. The thread starts on the
 * first preview, ends after 10 s without one (its memory goes with it), and is started again after
 * a crash.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { PreviewParams } from '@rasma/engine';
import { startTypeScriptWorker } from '@rasma/engine/built';
import { buildDir, serverDir } from '../../paths.js';

export interface PreviewTask {
  id: number;
  image: Uint8Array;
  params: PreviewParams;
}
export type PreviewAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

export interface PreviewThread {
  /** The outline of the image's bytes as PNG bytes. */
  draw(image: Buffer, params: PreviewParams): Promise<Buffer>;
  close(): Promise<void>;
}

/** An idle thread is ended after this, and its memory with it; the next preview starts another. */
const IDLE_MS = 10_000;
/** The thread's code: the server's build of it, or its TypeScript (see `startTypeScriptWorker`). */
const entry = {
  caller: import.meta.url,
  source: pathToFileURL(path.join(serverDir, 'src/modules/previews/preview-worker.ts')),
  bundle: pathToFileURL(path.join(buildDir, 'preview-worker.js')),
};

export function createPreviewThread(): PreviewThread {
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (png: Buffer) => void; reject: (e: Error) => void }>();

  const failAll = (error: Error) => {
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };

  function start(): Worker {
    const thread = startTypeScriptWorker(entry);
    thread.on('message', (answer: PreviewAnswer) => {
      const task = pending.get(answer.id);
      pending.delete(answer.id);
      if ('png' in answer) task?.resolve(Buffer.from(answer.png));
      else task?.reject(new Error(`The outline preview failed: ${answer.error}`));
      if (pending.size === 0) idle = setTimeout(() => void stop(), IDLE_MS).unref();
    });
    const lost = (error: Error) => {
      if (worker === thread) worker = undefined;
      failAll(error);
    };
    thread.on('error', lost);
    thread.on('exit', (code) => lost(new Error(`The preview thread exited with code ${code}.`)));
    // An idle thread does not keep the process alive.
    thread.unref();
    return thread;
  }

  async function stop() {
    const thread = worker;
    worker = undefined;
    await thread?.terminate();
  }

  return {
    draw(image, params) {
      clearTimeout(idle);
      worker ??= start();
      const id = ++nextId;
      const answer = new Promise<Buffer>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, image, params } satisfies PreviewTask);
      return answer;
    },
    close() {
      clearTimeout(idle);
      return stop();
    },
  };
}
