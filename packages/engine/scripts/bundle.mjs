// Bundles entries that run the engine in Node (the CLI and its plan worker; the server's render
// process), with what the engine loads at run time left outside, and lists the files each bundle
// was built from in `sources.json` beside it (bin/built.js's isFreshBundle reads it).
// Usage: node bundle.mjs <outdir> <name>=<entry.ts> ...
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const [outdir, ...entries] = process.argv.slice(2);
if (!outdir || entries.length === 0)
  throw new Error('usage: bundle.mjs <outdir> <name>=<entry> ...');
rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: Object.fromEntries(entries.map((entry) => entry.split('='))),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The plan worker's chunk is shared with the entry that starts it: one copy of the planning code.
  splitting: true,
  outdir,
  chunkNames: '[name]-[hash]',
  // Loaded from node_modules at run time: sharp's native library, the package that finds the
  // ffmpeg binary beside itself, zod, and the engine's bin/built.js (it finds its files beside
  // itself, and would bring tsx into a bundle).
  external: ['sharp', '@ffmpeg-installer/ffmpeg', 'zod', '@rasma/engine/built'],
  metafile: true,
  logLevel: 'error',
});
const sources = Object.keys(metafile.inputs).map((input) => relative(outdir, resolve(input)));
writeFileSync(join(outdir, 'sources.json'), JSON.stringify(sources));
