import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // One test file at a time: renders run at the lowest CPU priority (so the API stays responsive)
    // and would starve beside another file's CPU-bound tests on a 2-core machine.
    fileParallelism: false,
  },
});
