import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../test-support/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
