#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=1048576 node --max-semi-space-size=2
// The #! line sets glibc's malloc and V8's young generation for a render (src/allocator.ts says why; test/cli.test.ts keeps
// the two the same). Runs the CLI from its built JavaScript (starts in well under 300 ms) when
// that is newer than every source file, else from the TypeScript source through tsx.
import { importTypeScript } from './built.js';

await importTypeScript(
  new URL('../src/cli.ts', import.meta.url),
  new URL('../dist/cli.js', import.meta.url),
);
