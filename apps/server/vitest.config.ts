import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // From this file, not the root: mutation testing loads this config with the repository as root.
    setupFiles: [path.resolve(import.meta.dirname, '../../test-support/fail-on-console-error.ts')],
    globalSetup: [path.resolve(import.meta.dirname, 'test/support/global-setup.ts')],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
