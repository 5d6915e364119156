// How TypeScript source is run, in this thread, a new worker thread or a child process: from its
// built JavaScript (scripts/bundle.mjs) while that is newer than every file it was built from, so
// an edit is never run stale; else the source through tsx. The CLI, the engine's plan worker and
// the server's preview thread and render processes all start their code here, and code that is
// itself built starts the build beside it.
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
 * What runs for an entry `{ caller, source, bundle, built }`: code that is itself built (its
 * `caller` URL, `import.meta.url`, is JavaScript) starts `built` (default `bundle`) as it is, since
 * a build carries no compiler and may ship without its sources; TypeScript starts `bundle` while
 * it is fresh, else `source` through tsx (`compile`).
 */
export function typeScriptEntry({ caller, source, bundle, built = bundle }) {
  if (caller.endsWith('.js')) {
    if (!built) throw new Error(`built code has no build to start for ${source.href}`);
    return { url: built, compile: false };
  }
  return fresh(bundle) ? { url: bundle, compile: false } : { url: source, compile: true };
}

/**
 * A worker thread running the entry (see `typeScriptEntry`): a thread does not inherit the tsx
 * hooks of the thread that starts it, so `typescript-thread.js` registers them in it first.
 */
export function startTypeScriptWorker(entry) {
  const { url, compile } = typeScriptEntry(entry);
  if (!compile) return new Worker(url);
  return new Worker(new URL('./typescript-thread.js', import.meta.url), {
    workerData: { source: url.href },
  });
}

/**
 * A child process running the entry (see `typeScriptEntry`). Either way none of this process's own
 * flags (`options.execArgv` is not taken): a Vitest worker's, or tsx's, would load a compiler into
 * the bundle's process; only `nodeFlags`, the child's own (a render's, `RENDER_NODE_FLAGS`).
 */
export function forkTypeScript(entry, options = {}, nodeFlags = []) {
  const { url, compile } = typeScriptEntry(entry);
  return fork(fileURLToPath(url), [], {
    ...options,
    // tsx by absolute URL: the child compiles TypeScript whatever its working directory.
    execArgv: [
      ...nodeFlags,
      ...(compile
        ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
        : []),
    ],
  });
}
