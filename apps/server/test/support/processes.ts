import { readFileSync, readdirSync } from 'node:fs';

/** The ids of the processes whose parent is `pid` (from /proc: Linux). */
export function childProcessIds(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent's id is the 4th field, the 2nd after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // It ended meanwhile.
    }
  }
  return children;
}

/** The process and all its descendants, the process first. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...childProcessIds(tree[i] ?? 0));
  return tree;
}

/** The command line a process was started with, its arguments joined by spaces. */
export function commandLine(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0$/, '').replaceAll('\0', ' ');
}

/** The environment a process runs with (as it was when it started, or last called execve). */
export function environmentOf(pid: number): Record<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return Object.fromEntries(
    entries.map((entry): [string, string] => {
      const at = entry.indexOf('=');
      return [entry.slice(0, at), entry.slice(at + 1)];
    }),
  );
}
