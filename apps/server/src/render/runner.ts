/**
 * Runs engine renders in child processes at a lower CPU priority, so the CPU-heavy work never
 * blocks the thread that serves HTTP. At most `concurrency` at once; the others wait in order.
 */
import type { ChildProcess, ForkOptions } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  EngineError,
  RENDER_MALLOC_ENV,
  RENDER_NODE_FLAGS,
  type RenderOptionsInput,
  type RenderResult,
  type SceneSettings,
} from '@rasma/engine';
import { forkTypeScript } from '@rasma/engine/built';
import { buildDir, serverDir } from '../paths.js';
import {
  renderReportSchema,
  type RenderAudio,
  type RenderReport,
  type RenderRequest,
} from './messages.js';

/** What a render draws: a picture's file, or a story's scenes in order. */
export type RenderSource =
  | { input: string; scenes?: undefined }
  | {
      /** Each scene with its picture's file (none: a blank board). */
      scenes: { input?: string; scene: SceneSettings }[];
      input?: undefined;
    };

/** A render's files, options and controls, besides what it draws. */
export interface RenderRun {
  output: string;
  thumbnail: string;
  /** Where the transparent WebM goes, when the video asked for one. */
  transparentOutput?: string;
  options: RenderOptionsInput;
  /** The voice-over and music files, by track (none: a silent video). */
  audio?: RenderAudio;
  /** Aborting kills the render process; the render rejects with EngineError CANCELLED. */
  signal?: AbortSignal;
  /** Whole percentages 0-100, never decreasing, ending at 100. */
  onProgress?: (percent: number) => void;
}

export type RenderJob = RenderSource & RenderRun;

export interface RenderRunner {
  /**
   * Renders once a slot is free. Rejects with the engine's EngineError (its code), EngineError
   * CANCELLED when aborted, or RenderProcessError when the process died or the runner closed.
   */
  render(job: RenderJob): Promise<RenderResult>;
  /** Kills the running renders and rejects the waiting ones; later renders are refused. */
  close(): Promise<void>;
}

export interface RenderRunnerOptions {
  /** FFMPEG_PATH; unset: ffmpeg on the PATH, else the bundled one. */
  ffmpegPath?: string | undefined;
  /** Renders at the same time (default 1). */
  concurrency?: number;
  /** Receives the engine's log lines. */
  log: { info(message: string): void };
  /**
   * Keeps one render process started ahead of time, so a render does not wait for Node and the
   * engine to load (about half a second of a short video's time). Off: each render forks its own.
   */
  prewarm?: boolean;
}

/** The render process died, or the runner was closed, before the render finished. */
export class RenderProcessError extends Error {
  override readonly name = 'RenderProcessError';
}

/**
 * The render process: its TypeScript, and its build as `npm run build -w apps/server` bundles it,
 * engine included (`npm start` builds it). The build starts without compiling TypeScript and
 * carries no compiler while it renders, which takes 40-80 MB off each render's peak.
 */
const renderProcess = {
  caller: import.meta.url,
  source: pathToFileURL(path.join(serverDir, 'src/render/render-process.ts')),
  bundle: pathToFileURL(path.join(buildDir, 'render/render-process.js')),
};
const STDERR_TAIL = 2000;

type Outcome = Extract<RenderReport, { type: 'done' | 'failed' }>;

interface ProcessEnd {
  outcome: Outcome | undefined;
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  stderr: string;
}

export function createRenderRunner(options: RenderRunnerOptions): RenderRunner {
  const { ffmpegPath, concurrency = 1, log, prewarm = false } = options;
  const closing = new AbortController();
  const slots = createSlots(concurrency);
  const processes = createProcessSource(prewarm);
  const renders = new Set<Promise<unknown>>();

  const stopError = (job: RenderJob) =>
    job.signal?.aborted
      ? new EngineError('CANCELLED', 'The render was cancelled.')
      : new RenderProcessError('The render runner was closed.');

  async function render(job: RenderJob): Promise<RenderResult> {
    const signal = job.signal ? AbortSignal.any([job.signal, closing.signal]) : closing.signal;
    if (!(await slots.acquire(signal))) throw stopError(job);
    try {
      const end = await inTempDir((tempDir) =>
        runRenderProcess(
          processes.take(),
          { type: 'render', ...pick(job), ffmpegPath, tempDir },
          signal,
          (report) => {
            if (report.type === 'progress') job.onProgress?.(report.percent);
            else log.info(report.message);
          },
        ),
      );
      if (end.outcome?.type === 'done') return end.outcome.result;
      if (signal.aborted) throw stopError(job);
      if (end.outcome) throw failure(end.outcome);
      throw new RenderProcessError(died(end));
    } finally {
      slots.release();
      // The next one starts loading once this render no longer needs the CPU.
      processes.refill();
    }
  }

  return {
    render(job) {
      const task = render(job);
      const forget = () => renders.delete(task);
      renders.add(task);
      task.then(forget, forget);
      return task;
    },
    async close() {
      closing.abort();
      processes.close();
      await Promise.allSettled(renders);
    },
  };
}

/** Render temp folders' names start with this (the retention clean-up removes old ones). */
export const RENDER_TEMP_PREFIX = 'rasma-render-';

/** The engine's own temp dir goes inside, so what a killed process leaves behind is removed. */
async function inTempDir<T>(run: (tempDir: string) => Promise<T>): Promise<T> {
  const tempDir = await mkdtemp(path.join(tmpdir(), RENDER_TEMP_PREFIX));
  try {
    return await run(tempDir);
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}

const pick = ({ output, thumbnail, transparentOutput, options, audio, ...job }: RenderJob) => ({
  ...(job.scenes ? { scenes: job.scenes } : { input: job.input }),
  output,
  thumbnail,
  transparentOutput,
  options,
  audio,
});

function failure(outcome: Extract<Outcome, { type: 'failed' }>): Error {
  return outcome.code
    ? new EngineError(outcome.code, outcome.message)
    : new RenderProcessError(`The render failed: ${outcome.message}`);
}

function died({ exitCode, exitSignal, stderr }: ProcessEnd): string {
  const how = exitSignal ? `was killed by ${exitSignal}` : `exited with code ${exitCode}`;
  const tail = stderr.trim();
  return `The render process ${how} before finishing.${tail ? `\n${tail}` : ''}`;
}

/**
 * A render process in its own process group (so ffmpeg dies with it), waiting for its request,
 * with the malloc settings and node flags the engine renders best with (RENDER_MALLOC_ENV and
 * RENDER_NODE_FLAGS say why): from a built
 * server the bundle beside it; from the source the bundle while it is fresh, else the source
 * through tsx (`forkTypeScript`).
 */
function forkRenderProcess(): ChildProcess {
  const options: ForkOptions = {
    env: { ...process.env, ...RENDER_MALLOC_ENV },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  };
  return forkTypeScript(renderProcess, options, RENDER_NODE_FLAGS);
}

/**
 * Render processes, one per render: the one started ahead (when prewarming and it is still alive),
 * else a new one. `refill` starts the next spare; `close` kills it.
 */
function createProcessSource(prewarm: boolean) {
  let spare: ChildProcess | undefined;
  let closed = false;
  const alive = (child: ChildProcess) =>
    child.exitCode === null && child.signalCode === null && child.connected;
  const source = {
    take(): ChildProcess {
      const child = spare;
      spare = undefined;
      if (child && alive(child)) return child;
      if (child) killGroup(child);
      return forkRenderProcess();
    },
    refill(): void {
      if (!prewarm || closed || spare) return;
      spare = forkRenderProcess();
      // One that fails to start is not alive when taken, and is replaced then.
      spare.on('error', () => undefined);
    },
    close(): void {
      closed = true;
      if (spare) killGroup(spare);
      spare = undefined;
    },
  };
  source.refill();
  return source;
}

/**
 * Sends a render process the request, hands on its reports, and resolves when it has exited;
 * aborting the signal kills its process group.
 */
function runRenderProcess(
  child: ChildProcess,
  request: RenderRequest,
  signal: AbortSignal,
  onReport: (report: Extract<RenderReport, { type: 'progress' | 'log' }>) => void,
): Promise<ProcessEnd> {
  return new Promise((resolve) => {
    const kill = () => killGroup(child);
    let outcome: Outcome | undefined;
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('message', (raw) => {
      const parsed = renderReportSchema.safeParse(raw);
      if (!parsed.success) {
        stderr += `\nInvalid message from the render process: ${parsed.error.message}`;
        return kill();
      }
      const report = parsed.data;
      if (report.type === 'done' || report.type === 'failed') outcome = report;
      else onReport(report);
    });
    child.send(request, (error) => error && kill());
    if (signal.aborted) kill();
    signal.addEventListener('abort', kill);
    // Whatever it left running (ffmpeg) goes with it.
    child.once('exit', kill);
    // Spawn failures also end here ('close' follows 'error'); 'close' comes after the last message.
    child.on('error', (error) => (stderr += `\n${error.message}`));
    child.once('close', (exitCode, exitSignal) => {
      signal.removeEventListener('abort', kill);
      resolve({ outcome, exitCode, exitSignal, stderr });
    });
  });
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** FIFO slots: `acquire` resolves true when one is free, false if the signal aborts first. */
function createSlots(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    acquire(signal: AbortSignal): Promise<boolean> {
      if (signal.aborted) return Promise.resolve(false);
      if (free > 0) {
        free -= 1;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const grant = () => {
          signal.removeEventListener('abort', giveUp);
          resolve(true);
        };
        const giveUp = () => {
          waiting.splice(waiting.indexOf(grant), 1);
          resolve(false);
        };
        waiting.push(grant);
        signal.addEventListener('abort', giveUp, { once: true });
      });
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}
