// Bundles entries that run in Node (the engine's CLI and its plan worker; the server, its render
// process and its preview thread): our workspace's TypeScript (the contract, the engine, the
// server) and two npm packages of many small ES modules (zod, drizzle-orm) compiled in, every
// other npm package left outside and loaded from node_modules at run time,
// and lists the files each bundle was built from in `sources.json` beside it (bin/built.js's
// isFreshBundle reads it).
// Usage: node bundle.mjs <outdir> <name>=<entry.ts> ...
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * Our workspace's packages are TypeScript source, so they go in. So do zod and drizzle-orm: Node
 * loads each of their 300 files on its own (a third of a second of the server's start), and they
 * are plain ES modules that find nothing beside themselves. Every other package stays in
 * node_modules: native libraries (sharp), packages that find files beside themselves (the ffmpeg
 * binary's, PGlite's WebAssembly, pino's), CommonJS packages, and pg-boss, whose job manager the
 * server patches where Node loads it. So does the engine's bin/built.js: it finds its files beside
 * itself, and would bring tsx into a bundle.
 */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(build) {
    const workspaceSource = /^@rasma\/(contract|engine)(\/(?!built$)|$)/;
    const bundled = /^(zod|drizzle-orm)(\/|$)/;
    build.onResolve({ filter: /^[^./]/ }, ({ path, kind }) =>
      kind === 'entry-point' || workspaceSource.test(path) || bundled.test(path)
        ? undefined
        : { path, external: true },
    );
  },
};

const [outdir, ...entries] = process.argv.slice(2);
if (!outdir || entries.length === 0)
  throw new Error('usage: bundle.mjs <outdir> <name>=<entry> ...');
rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: Object.fromEntries(entries.map((entry) => entry.split('='))),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  // The plan worker's chunk is shared with the entry that starts it: one copy of the planning code.
  splitting: true,
  outdir,
  chunkNames: '[name]-[hash]',
  plugins: [npmPackagesOutside],
  metafile: true,
  logLevel: 'error',
});
const sources = Object.keys(metafile.inputs).map((input) => relative(outdir, resolve(input)));
writeFileSync(join(outdir, 'sources.json'), JSON.stringify(sources));
