/** Peak memory of benchmark processes, from /proc (Linux). */
import { readFileSync } from 'node:fs';

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
