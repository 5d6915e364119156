import type { ChildProcess, ForkOptions } from 'node:child_process';
import type { Worker } from 'node:worker_threads';

/** Whether `bundle` was built after every file its folder's `sources.json` lists. */
export function isFreshBundle(bundle: string | URL): boolean;
/** Imports the TypeScript module `source` in this thread, tsx registered first. */
export function importSource(source: URL): Promise<unknown>;
/** Imports `bundle` in this thread when it is fresh, else the TypeScript `source`. */
export function importTypeScript(source: URL, bundle: URL): Promise<unknown>;
/** TypeScript code of ours to start in a thread or process, and what stands in for it. */
export interface TypeScriptEntryPoint {
  /** The starting code's `import.meta.url`: built code starts `built`, never TypeScript. */
  caller: string;
  /** The TypeScript module. */
  source: URL;
  /** Its build, started instead while it is fresh (see `isFreshBundle`). */
  bundle?: URL;
  /** What built code starts (default `bundle`). */
  built?: URL;
}
/** The file that runs for an entry, and whether it is TypeScript to compile through tsx. */
export function typeScriptEntry(entry: TypeScriptEntryPoint): { url: URL; compile: boolean };
/** A worker thread running the entry: its build, or its TypeScript through tsx. */
export function startTypeScriptWorker(entry: TypeScriptEntryPoint): Worker;
/** A child process running the entry: its build, or its TypeScript through tsx. */
export function forkTypeScript(
  entry: TypeScriptEntryPoint,
  options?: Omit<ForkOptions, 'execArgv'>,
  /** Node flags for the child (its own; none of this process's are passed on). */
  nodeFlags?: readonly string[],
): ChildProcess;
