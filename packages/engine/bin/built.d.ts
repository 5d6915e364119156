import type { ChildProcess, ForkOptions } from 'node:child_process';
import type { Worker } from 'node:worker_threads';

/** Whether `bundle` was built after every file its folder's `sources.json` lists. */
export function isFreshBundle(bundle: string | URL): boolean;
/** Imports the TypeScript module `source` in this thread, tsx registered first. */
export function importSource(source: URL): Promise<unknown>;
/** Imports `bundle` in this thread when it is fresh, else the TypeScript `source`. */
export function importTypeScript(source: URL, bundle: URL): Promise<unknown>;
/** A worker thread running `bundle` when it is fresh, else the TypeScript `source` through tsx. */
export function startTypeScriptWorker(source: URL, bundle?: URL): Worker;
/** A child process running `bundle` when it is fresh, else the TypeScript `source` through tsx. */
export function forkTypeScript(
  source: URL,
  bundle?: URL,
  options?: Omit<ForkOptions, 'execArgv'>,
): ChildProcess;
