// Built JavaScript (scripts/bundle.mjs) can stand in for the TypeScript source while it is newer
// than every file it was built from.
import { readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

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

/**
 * Runs the engine's `dist/<file>` when it is fresh, else the TypeScript `source` (a file URL)
 * through tsx, registered in the calling thread (a worker does not inherit its parent's loader).
 */
export async function runBuiltOrSource(file, source) {
  const built = new URL(`../dist/${file}`, import.meta.url);
  if (isFreshBundle(built)) return import(built.href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(source.href);
}
