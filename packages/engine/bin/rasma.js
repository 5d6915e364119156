#!/usr/bin/env node
// Runs the CLI from its built JavaScript (starts in well under 300 ms) when that is newer than
// every source file, else from the TypeScript source through tsx.
import { freshBuild } from './built.js';

const built = freshBuild('cli.js');
if (built) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
