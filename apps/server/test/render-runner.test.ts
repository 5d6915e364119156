import { existsSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createRenderRunner,
  type RenderJob,
  type RenderRun,
  type RenderRunner,
} from '../src/render/runner.js';
import {
  autogroupNice,
  processGroup,
  renderProcesses,
  renderWorkspace,
  threadNiceValues,
} from './support/render-fixtures.js';

const quiet = { info: () => undefined };
/** About a second of work; `slow` takes a few. */
const quick = { size: 1280, drawingTime: 1 } as const;
const slow = { size: 1280, drawingTime: 10 } as const;

let workspace: Awaited<ReturnType<typeof renderWorkspace>>;
let runner: RenderRunner;

beforeAll(async () => {
  workspace = await renderWorkspace(640, 480);
});
afterAll(() => workspace.remove());
afterEach(() => runner.close());

const job = (
  name: string,
  options: RenderJob['options'],
  extra: Partial<RenderRun> = {},
): RenderJob => ({ input: workspace.image, ...workspace.files(name), options, ...extra });

/** A SIGKILLed process takes a moment to die (ffmpeg would take far longer to finish alone). */
const expectGroupGone = (pgid: number) =>
  vi.waitFor(() => expect(processGroup(pgid)).toEqual([]), { timeout: 500, interval: 10 });

/** Starts a render and returns once its progress has reached `percent`. */
async function renderUntil(percent: number, renderJob: RenderJob) {
  let reached!: () => void;
  const atPercent = new Promise<void>((resolve) => (reached = resolve));
  const rendering = runner.render({ ...renderJob, onProgress: (p) => p >= percent && reached() });
  await Promise.race([atPercent, rendering]);
  const [child, ...others] = renderProcesses();
  expect(others).toEqual([]);
  if (!child) throw new Error('no render process is running');
  return { rendering, child };
}

describe('render runner', () => {
  it('renders in a child process, reporting rising progress up to 100', async () => {
    runner = createRenderRunner({ log: quiet });
    const progress: number[] = [];
    const files = workspace.files('basic');
    const result = await runner.render(
      job('basic', quick, { onProgress: (percent) => progress.push(percent) }),
    );

    // 720p: the 4:3 picture gets 720 lines.
    expect(result).toMatchObject({ ...files, width: 960, height: 720, durationSeconds: 3 });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(readFileSync(files.output).subarray(4, 8).toString()).toBe('ftyp');
    expect([...readFileSync(files.thumbnail).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(renderProcesses()).toEqual([]);
  });

  it('renders at the lowest CPU priority: every thread, ffmpeg and their session', async () => {
    runner = createRenderRunner({ log: quiet });
    const { child } = await renderUntil(10, job('nice', slow));
    const ffmpeg = processGroup(child.pid).find((p) => p.command.includes('ffmpeg'));
    expect(ffmpeg).toBeDefined();
    for (const pid of [child.pid, ffmpeg?.pid ?? 0]) {
      expect(new Set(threadNiceValues(pid))).toEqual(new Set([19]));
      // With autogroups, nice values only count inside the session: the session is lowered too.
      if (autogroupNice(process.pid) !== undefined) expect(autogroupNice(pid)).toBe(19);
    }
  });

  it('rejects an invalid option with the engine code', async () => {
    runner = createRenderRunner({ log: quiet });
    await expect(runner.render(job('invalid', { drawingTime: 0 }))).rejects.toMatchObject({
      name: 'EngineError',
      code: 'INVALID_OPTIONS',
      message: expect.stringContaining('drawingTime') as string,
    });
  });

  it('cancels on abort: the render process and its ffmpeg are killed', async () => {
    runner = createRenderRunner({ log: quiet });
    const controller = new AbortController();
    const cancelled = job('cancelled', slow, { signal: controller.signal });
    const { rendering, child } = await renderUntil(10, cancelled);
    expect(processGroup(child.pid).map((p) => p.command)).toContainEqual(
      expect.stringContaining('ffmpeg'),
    );

    controller.abort();
    await expect(rendering).rejects.toMatchObject({ name: 'EngineError', code: 'CANCELLED' });
    await expectGroupGone(child.pid);
    expect(existsSync(cancelled.output)).toBe(false);
  });

  it('rejects clearly when the render process is killed', async () => {
    runner = createRenderRunner({ log: quiet });
    const { rendering, child } = await renderUntil(10, job('killed', slow));

    process.kill(child.pid, 'SIGKILL');
    await expect(rendering).rejects.toMatchObject({
      name: 'RenderProcessError',
      message: 'The render process was killed by SIGKILL before finishing.',
    });
    await expectGroupGone(child.pid);
  });

  /** Starts renders `first` then `second`; where each one's progress events fall in the joint order. */
  async function renderTwo(concurrency: number) {
    runner = createRenderRunner({ log: quiet, concurrency });
    const events: string[] = [];
    const tracked = (name: string) => job(name, quick, { onProgress: () => events.push(name) });
    await Promise.all([runner.render(tracked('first')), runner.render(tracked('second'))]);
    const span = (name: string) => ({
      start: events.indexOf(name),
      end: events.lastIndexOf(name),
    });
    return { first: span('first'), second: span('second') };
  }

  it('runs one render at a time by default, in order', async () => {
    const { first, second } = await renderTwo(1);
    expect(first.end).toBeLessThan(second.start);
  });

  it('runs renders side by side up to the concurrency', async () => {
    const { first, second } = await renderTwo(2);
    expect(second.start).toBeLessThan(first.end);
    expect(first.start).toBeLessThan(second.end);
  });

  it('close kills the running render and rejects the waiting and later ones', async () => {
    runner = createRenderRunner({ log: quiet });
    const { rendering, child } = await renderUntil(5, job('running', slow));
    const waitingProgress: number[] = [];
    const waiting = runner.render(
      job('waiting', quick, { onProgress: (percent) => waitingProgress.push(percent) }),
    );
    const settled = Promise.allSettled([rendering, waiting]);

    await runner.close();
    const closed = {
      status: 'rejected',
      reason: { name: 'RenderProcessError', message: 'The render runner was closed.' },
    };
    expect(await settled).toMatchObject([closed, closed]);
    expect(waitingProgress).toEqual([]);
    await expectGroupGone(child.pid);
    await expect(runner.render(job('later', quick))).rejects.toThrow('closed');
  });

  /** The one render process alive when nothing renders: the spare started ahead. */
  const spareProcess = () =>
    vi.waitFor(
      () => {
        const [spare, ...others] = renderProcesses();
        expect(others).toEqual([]);
        if (!spare) throw new Error('no spare render process');
        return spare;
      },
      { timeout: 10_000, interval: 50 },
    );

  it('prewarmed: a render runs in the process started ahead, the next one waits after it, close ends it', async () => {
    runner = createRenderRunner({ log: quiet, prewarm: true });
    const spare = await spareProcess();

    const { rendering, child } = await renderUntil(10, job('warm', slow));
    expect(child.pid).toBe(spare.pid);
    await rendering;
    const next = await spareProcess();
    expect(next.pid).not.toBe(spare.pid);

    await runner.close();
    await expectGroupGone(next.pid);
  });

  it('prewarmed: a spare that died while waiting is replaced when a render comes', async () => {
    runner = createRenderRunner({ log: quiet, prewarm: true });
    const spare = await spareProcess();
    process.kill(spare.pid, 'SIGKILL');
    // Reaped, so this process has seen its exit: a render that came between the death and the
    // reaping would go to it and fail (the queue retries such a render once).
    await vi.waitFor(() => expect(existsSync(`/proc/${spare.pid}`)).toBe(false), {
      timeout: 2_000,
      interval: 10,
    });

    const result = await runner.render(job('replaced', quick));
    expect(result.durationSeconds).toBe(3);
  });
});
