// The engine's built JavaScript (`npm run build -w packages/engine`) can stand in for its
// TypeScript source while it is newer than every source file.
import { readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

/** URL of `dist/<file>` when it was built after the last change in `src/`, else undefined. */
function freshBuild(file) {
  const built = new URL(`dist/${file}`, root);
  try {
    const builtAt = statSync(built).mtimeMs;
    const src = new URL('src/', root);
    const fresh = readdirSync(src).every((name) => statSync(new URL(name, src)).mtimeMs <= builtAt);
    return fresh ? built : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `dist/<file>` when it is fresh, else the TypeScript `source` (a file URL) through tsx,
 * registered in the calling thread (a worker does not inherit its parent's loader).
 */
export async function runBuiltOrSource(file, source) {
  const built = freshBuild(file);
  if (built) return import(built.href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(source.href);
}
