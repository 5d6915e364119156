/**
 * The render process as `npm run build -w apps/server` bundles it, engine included (`npm start`
 * builds it): it starts without compiling TypeScript and carries no compiler while it renders,
 * which takes 40-80 MB off each render's peak. Used only while it is newer than every file it was
 * built from (esbuild's metafile lists them), so an edit to the source is never run stale.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder: esbuild ran there, and its metafile's paths start there. */
const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const RENDER_PROCESS_BUNDLE = path.join(SERVER_ROOT, 'dist/render/render-process.js');
const METAFILE = path.join(SERVER_ROOT, 'dist/render/meta.json');

/**
 * Whether `bundle` was built after every input `metafile` lists (paths relative to `root`);
 * false when either is missing or unreadable.
 */
export function isFreshBundle(
  bundle = RENDER_PROCESS_BUNDLE,
  metafile = METAFILE,
  root = SERVER_ROOT,
): boolean {
  try {
    const builtAt = statSync(bundle).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(metafile, 'utf8')) as { inputs: object };
    return Object.keys(inputs).every(
      (input) => statSync(path.resolve(root, input)).mtimeMs <= builtAt,
    );
  } catch {
    return false;
  }
}
