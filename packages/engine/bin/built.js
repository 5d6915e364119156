// How TypeScript source is run, in this thread, a new worker thread or a child process: from its
// built JavaScript (scripts/bundle.mjs) while that is newer than every file it was built from, so
// an edit is never run stale; else the source through tsx. The CLI, the engine's plan worker and
// the server's preview thread and render processes all start their code here.
import { fork } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Whether `bundle` (a path or file URL) was built after every file its folder's `sources.json`
 * lists; false when any of them is missing.
 */
export function isFreshBundle(bundle) {
  const url = bundle instanceof URL ? bundle : pathToFileURL(bundle);
  try {
    const builtAt = statSync(url).mtimeMs;
    const sources = JSON.parse(readFileSync(new URL('sources.json', url), 'utf8'));
    return sources.every((source) => statSync(new URL(source, url)).mtimeMs <= builtAt);
  } catch {
    return false;
  }
}

const fresh = (bundle) => bundle !== undefined && isFreshBundle(bundle);

/** Imports the TypeScript module `source` (a file URL) in this thread, tsx registered first. */
export async function importSource(source) {
  const { register } = await import('tsx/esm/api');
  register();
  return import(source.href);
}

/** Imports `bundle` in this thread when it is fresh, else the TypeScript `source`. */
export function importTypeScript(source, bundle) {
  return fresh(bundle) ? import(bundle.href) : importSource(source);
}

/**
 * A worker thread running `bundle` when it is fresh, else the TypeScript `source`: a thread does
 * not inherit the tsx hooks of the thread that starts it, so `typescript-thread.js` registers them
 * in it first.
 */
export function startTypeScriptWorker(source, bundle) {
  if (fresh(bundle)) return new Worker(bundle);
  return new Worker(new URL('./typescript-thread.js', import.meta.url), {
    workerData: { source: source.href },
  });
}

/**
 * A child process running `bundle` when it is fresh, else the TypeScript `source` with tsx's
 * loader. Either way none of this process's own flags (`options.execArgv` is not taken): a Vitest
 * worker's, or tsx's, would load a compiler into the bundle's process.
 */
export function forkTypeScript(source, bundle, options = {}) {
  const bundled = fresh(bundle);
  return fork(fileURLToPath(bundled ? bundle : source), [], {
    ...options,
    // tsx by absolute URL: the child compiles TypeScript whatever its working directory.
    execArgv: bundled
      ? []
      : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
  });
}
