#!/usr/bin/env node
// Runs the CLI from its built JavaScript (starts in well under 300 ms) when that is newer than
// every source file, else from the TypeScript source through tsx.
import { runBuiltOrSource } from './built.js';

await runBuiltOrSource('cli.js', new URL('../src/cli.ts', import.meta.url));
