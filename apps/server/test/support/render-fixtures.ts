import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A temp dir holding a generated picture (an SVG scene of rings and bars); `remove` deletes it. */
export async function renderWorkspace(width: number, height: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'rasma-render-test-'));
  const image = path.join(dir, 'scene.svg');
  await writeFile(image, sceneSvg(width, height));
  return {
    dir,
    image,
    /** Output and thumbnail paths for a render called `name`. */
    files: (name: string) => ({
      output: path.join(dir, `${name}.mp4`),
      thumbnail: path.join(dir, `${name}.jpg`),
    }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

function sceneSvg(width: number, height: number): string {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const shapes: string[] = [];
  for (let i = 0; i < 40; i++) {
    const [x, y, size] = [random() * width, random() * height, (0.02 + random() * 0.08) * width];
    shapes.push(
      i % 2
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="none" stroke="#222" stroke-width="6"/>`
        : `<rect x="${x}" y="${y}" width="${size * 2}" height="${size / 2}" fill="#345"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1e8"/>${shapes.join('')}</svg>`;
}

/** Fields of /proc/<pid>/stat after `pid (comm)`, which may hold spaces: [state, ppid, pgrp, ...]. */
const statFields = (path: string) => {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  command: string;
}

/** Live processes from /proc (zombies are dead and left out). */
export function liveProcesses(): ProcessInfo[] {
  const list: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [state, ppid, pgid] = statFields(`/proc/${entry}/stat`);
      if (state === 'Z') continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      list.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid), command });
    } catch {
      // It exited while we looked.
    }
  }
  return list;
}

/** This process's render processes (runner children), alive now. */
export const renderProcesses = () =>
  liveProcesses().filter((p) => p.ppid === process.pid && p.command.includes('render-process'));

/** Processes alive in the process group `pgid` (a render process and its ffmpeg). */
export const processGroup = (pgid: number) => liveProcesses().filter((p) => p.pgid === pgid);

/** The nice value of each thread of process `pid`. */
export const threadNiceValues = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).map((tid) =>
    Number(statFields(`/proc/${pid}/task/${tid}/stat`)[16]),
  );

/** The nice value of the autogroup (session) of process `pid`; undefined without autogroups. */
export const autogroupNice = (pid: number) =>
  existsSync(`/proc/${pid}/autogroup`)
    ? Number(/nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))?.[1])
    : undefined;
