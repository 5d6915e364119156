import { defineConfig } from 'vitest/config';
import { FileFailuresFailTests } from './test/support/file-failures-fail-tests.js';
import server from './vitest.config.js';

/**
 * The server's tests as mutation testing runs them (`MUTATION_SUITE=server npm run mutation`): the
 * files that exercise the mutated modules (every server test imports the whole app, so vitest's
 * `related` mode alone would pick them all, renders and uploads included), and a test file whose
 * server did not start counted as failed tests.
 */
export default defineConfig({
  test: {
    ...server.test,
    include: [
      'test/auth-email.test.ts',
      'test/security.test.ts',
      'test/http.test.ts',
      'test/admin-gate.test.ts',
      'test/endpoints.test.ts',
      'test/contact.test.ts',
      'test/credits.test.ts',
      'test/credits-ledger.test.ts',
      'test/route-wrapper.test.ts',
    ],
    reporters: ['default', new FileFailuresFailTests()],
  },
});
