// Mutation testing with StrykerJS (not part of CI or `npm test`): `npm run mutation`.
// What runs, how long it takes, the scores and the equivalent mutants: docs/mutation-testing.md.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What to mutate and which vitest project's tests judge the mutants. Each suite runs alone
 * (`MUTATION_SUITE=<name> npm run mutation`, default `engine`) with its own project's tests, so
 * the fast engine run never waits for slower suites. `options` are a suite's own Stryker options.
 */
const suites = {
  engine: {
    // The plan and the timeline: stroke order and timing, reveal frames, frame counts.
    mutate: [
      'packages/engine/src/plan.ts',
      'packages/engine/src/sketch.ts',
      'packages/engine/src/timeline.ts',
    ],
    vitest: { configFile: 'packages/engine/vitest.mutation.config.ts', dir: 'packages/engine' },
  },
  server: {
    // Where a silent bug costs most: sign-in codes, sessions, the guards, the route wrapper, limits
    // and the credits ledger.
    mutate: [
      'apps/server/src/modules/auth/codes.ts',
      'apps/server/src/modules/auth/session-store.ts',
      'apps/server/src/http/guards.ts',
      'apps/server/src/http/route.ts',
      'apps/server/src/limits/rate-limiter.ts',
      'apps/server/src/modules/credits/ledger.ts',
    ],
    // Its own vitest config: the test files that exercise these modules, and a file whose server
    // did not start counted as failed tests.
    vitest: { configFile: 'apps/server/vitest.mutation.config.ts', dir: 'apps/server' },
    options: {
      // A mutant in a module-level constant (a limit, its message) would need every test file
      // re-run with a fresh import; those are left out (docs/mutation-testing.md lists them).
      ignoreStatic: true,
      // A server start in each file's beforeAll is slow on a busy machine: no false timeouts.
      timeoutMS: 60_000,
      dryRunTimeoutMinutes: 30,
    },
  },
};

const name = process.env.MUTATION_SUITE ?? 'engine';
const suite = suites[name];
if (!suite) throw new Error(`Unknown MUTATION_SUITE ${name}: one of ${Object.keys(suites)}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: suite.mutate,
  // Only the suite's own vitest project, and in it only the tests that import a mutated file.
  vitest: { ...suite.vitest, related: true },
  // Per mutant, run only the tests that executed its code in the first (dry) run.
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress'],
  clearTextReporter: { reportScoreTable: true, reportMutants: true, reportTests: false },
  thresholds: { high: 90, low: 80, break: null },
  // The sandbox copy needs the workspace packages and configs, not the web app or its build. The
  // root tsconfig.json references every project, so their tsconfig.json files stay (the server's
  // test setup file is compiled under the root one).
  ignorePatterns: [
    'apps/web/*',
    '!apps/web/tsconfig.json',
    'e2e/*',
    '!e2e/tsconfig.json',
    'docs',
    '**/.tsbuild',
    '**/dist',
  ],
  // Outside the working tree, so lint and format runs of others never see the sandbox copies.
  tempDirName: join(tmpdir(), 'rasma-stryker'),
  cleanTempDir: true,
  // With `--incremental`, a rerun tests only the mutants whose code or covering tests changed.
  incrementalFile: join('reports', `stryker-incremental-${name}.json`),
  ...suite.options,
};
