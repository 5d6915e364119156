#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (the engine ships TypeScript source).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
