import { defineConfig } from 'vitest/config';
import engine from './vitest.config.js';

/**
 * The engine's tests as mutation testing runs them (`npm run mutation`): all but the photo quality
 * test, which measures the look of whole photos (minutes of work per mutant under instrumentation);
 * the plan's order and timing are pinned by the unit and render tests.
 */
export default defineConfig({
  test: { ...engine.test, exclude: ['test/quality.test.ts'] },
});
