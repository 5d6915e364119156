import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRenderRunner, type RenderRunner } from '../src/render/runner.js';
import { createSignedInUser } from './support/factories.js';
import { latencySummary, openLoop, quantile } from './support/open-loop.js';
import { renderWorkspace } from './support/render-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let cookie: string;
let runner: RenderRunner;
let workspace: Awaited<ReturnType<typeof renderWorkspace>>;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await createSignedInUser(server.database.db));
  runner = createRenderRunner({ log: { info: () => undefined } });
  workspace = await renderWorkspace(1920, 1080);
});
afterAll(async () => {
  await runner.close();
  await server.close();
  await workspace.remove();
});

/** Render progress now (-1: not started). */
let percent = -1;

/**
 * Renders run in child processes at a lower priority (ADR 006). Run on the server's thread, a 1080p
 * render held requests for over a second (p99 1,181 ms on a quiet machine); in its own process the
 * p99 stays under 100 ms even beside the other test files on two busy cores. The bound sits between,
 * so the test catches the first without flaking on a loaded machine; `npm run bench:queue` measures
 * the figure itself against its 50 ms target.
 */
const P99_LIMIT_MS = 300;

it('keeps answering API requests while a 1080p video renders', async () => {
  const user = new URL('/api/auth/user', server.url).href;
  // JIT, connections and the database warm up first.
  await openLoop(
    user,
    cookie,
    (batch) => batch < 50,
    () => percent,
  );

  let finished = false;
  const rendering = runner
    .render({
      input: workspace.image,
      ...workspace.files('busy'),
      options: { size: 1920, drawingTime: 10 },
      onProgress: (p) => (percent = p),
    })
    .finally(() => (finished = true));
  while (percent < 0 && !finished) await delay(5);
  const samples = await openLoop(
    user,
    cookie,
    () => !finished,
    () => percent,
  );
  await rendering;

  // Only requests sent while the render ran count; they must span it, from plan to last frames.
  const during = samples.filter((s) => s.tag < 100);
  const percents = during.map((s) => s.tag);
  expect(during.length).toBeGreaterThanOrEqual(200);
  expect(Math.min(...percents)).toBeLessThan(5);
  expect(Math.max(...percents)).toBeGreaterThan(90);
  const latencies = during.map((s) => s.ms);
  expect(quantile(latencies, 0.99), latencySummary(latencies)).toBeLessThan(P99_LIMIT_MS);
}, 240_000); // alone it takes about 10 s; beside other render tests on 2 cores, several times that
