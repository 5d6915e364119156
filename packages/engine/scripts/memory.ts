/**
 * Benchmark runs of the built CLI, their processes' peak memory from /proc (Linux), and the
 * figures every benchmark prints beside its own (the load, medians).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The built CLI, run as a user runs it: through its #! line (which sets the render's malloc settings). */
export const CLI = fileURLToPath(new URL('../bin/rasma.js', import.meta.url));

/** Peak resident memory (VmHWM, kB) of a process, 0 once it is gone. */
function peakKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Polls a process's peak memory and, with `children`, that of its child processes (the CLI's
 * ffmpeg) until `stop()`, which returns both in MB.
 */
export function watchMemory(
  pid: number,
  children = false,
): { stop(): { mb: number; childMb: number } } {
  let kb = 0;
  let childKb = 0;
  const poll = () => {
    kb = Math.max(kb, peakKb(pid));
    if (!children) return;
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' '))
        if (child.trim()) childKb = Math.max(childKb, peakKb(Number(child)));
    } catch {
      // exited
    }
  };
  const timer = setInterval(poll, 100);
  return {
    stop() {
      clearInterval(timer);
      return { mb: kb / 1024, childMb: childKb / 1024 };
    },
  };
}

/**
 * One run of the CLI with `args`: its time, its and its ffmpeg's peak memory in MB, and when
 * (seconds from its spawn) it logged each line to stderr.
 */
export async function runCli(args: string[]) {
  const started = performance.now();
  const proc = spawn(CLI, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const memory = watchMemory(proc.pid!, true);
  const lines: { seconds: number; line: string }[] = [];
  createInterface({ input: proc.stderr }).on('line', (line) =>
    lines.push({ seconds: (performance.now() - started) / 1000, line }),
  );
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  const { mb, childMb } = memory.stop();
  if (code !== 0)
    throw new Error(`rasma render failed (${code}): ${lines.map(({ line }) => line).join('\n')}`);
  return { seconds, rssMb: mb, ffmpegMb: childMb, lines };
}

/** The 1, 5 and 15 minute load averages: the machine is shared, so every figure carries it. */
export const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
