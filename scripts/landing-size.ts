/**
 * `npm run bench:landing`: what a first visit to the landing page costs. Builds the web app, starts
 * the production server on it, opens `/` in Chromium with an empty cache several times, and prints
 * the JavaScript and CSS the page loaded (each file gzipped at level 9, as a server or CDN would
 * send it) and the time to first contentful paint (median). Then, on a slow mobile link, how long
 * the landing takes to show its heading and the next steps take once it has loaded: Try Now (the
 * try-now page's heading) and Sign Up (the sign-in dialog, its code loaded on the click, no hover
 * before). Fails when the JavaScript is over its
 * budget, or when it loaded code the landing page must not carry: the workspace, credits or admin
 * pages, the sign-in dialog, or zod with the contract's schemas (docs/web-performance.md).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { markdownTable, startServer } from './bench-support.js';

/** The target for the landing's JavaScript, gzipped. */
const JS_BUDGET_KB = 120;
const RUNS = 5;
/**
 * A slow mobile link: 150 ms round trip, 1.6 Mbit/s down. The server sends files uncompressed, so
 * this link carries their raw sizes (an upper bound for a server or CDN that compresses).
 */
const SLOW_LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 94_000,
};
/**
 * Chunks the landing must not load: the signed-in pages' (named after their page files by the
 * bundler), the sign-in dialog's, and the schemas chunk (apps/web/vite.config.ts).
 */
const NOT_ON_LANDING =
  /^(workspace|credits|process|dashboard|analytics|users|auth-dialog|schemas)-/;

const repoRoot = path.resolve(import.meta.dirname, '..');

interface Loaded {
  file: string;
  type: 'script' | 'stylesheet';
  bytes: number;
  gzipped: number;
}

/** Runs `use` on a fresh page of a fresh browser (an empty cache), then closes the browser. */
async function withPage<T>(executablePath: string, use: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    return await use(await browser.newPage({ viewport: { width: 1280, height: 800 } }));
  } finally {
    await browser.close();
  }
}

function visit(url: string, executablePath: string) {
  return withPage(executablePath, async (page) => {
    const loaded: Promise<Loaded | undefined>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      loaded.push(
        response.body().then((body) => ({
          file: path.basename(new URL(response.url()).pathname),
          type,
          bytes: body.length,
          gzipped: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    );
    const files = (await Promise.all(loaded)).filter((f): f is Loaded => f !== undefined);
    return { fcp, files };
  });
}

/** Milliseconds from `start` until `shown` resolves. */
async function timed(start: () => Promise<unknown>, shown: () => Promise<unknown>) {
  const t0 = performance.now();
  await start();
  await shown();
  return Math.round(performance.now() - t0);
}

/** One cold visit on SLOW_LINK: the landing's heading, then the next step `next` from it. */
function slowVisit(url: string, executablePath: string, next: 'tryNow' | 'signUp') {
  return withPage(executablePath, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
    const landing = await timed(
      () => page.goto(url, { waitUntil: 'commit' }),
      () => page.getByRole('heading', { level: 1 }).waitFor(),
    );
    await page.waitForLoadState('networkidle');
    const step =
      next === 'tryNow'
        ? await timed(
            () =>
              page
                .getByRole('main')
                .getByRole('link', { name: 'Try Now for Free' })
                .first()
                .click(),
            () => page.getByRole('heading', { level: 1, name: 'Try for Free' }).waitFor(),
          )
        : await timed(
            // A click event alone: no pointer over the button first, so no preload.
            () =>
              page
                .getByRole('banner')
                .getByRole('button', { name: 'Sign Up' })
                .dispatchEvent('click'),
            () =>
              page.getByRole('dialog').getByRole('heading', { name: 'Create Account' }).waitFor(),
          );
    return { landing, step };
  });
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-landing-'));
  const server = await startServer(dataDir, undefined, {
    WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
  });
  try {
    const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await visit(`${server.url}/`, executablePath));
    const files = runs[0]?.files ?? [];
    console.log(
      markdownTable(
        files.map((f) => ({
          file: f.file,
          type: f.type,
          KB: kb(f.bytes),
          'KB gzipped': kb(f.gzipped),
        })),
      ),
    );
    const total = (type: Loaded['type']) =>
      files.filter((f) => f.type === type).reduce((sum, f) => sum + f.gzipped, 0);
    const js = kb(total('script'));
    const css = kb(total('stylesheet'));
    const fcps = runs.map((run) => Math.round(run.fcp));
    console.log(`\nLanding JavaScript: ${js} KB gzipped (budget ${JS_BUDGET_KB} KB)`);
    console.log(`Landing CSS: ${css} KB gzipped`);
    console.log(
      `First contentful paint: median ${median(fcps)} ms over ${RUNS} cold loads (${fcps.join(', ')} ms)`,
    );
    const slow = { landing: [] as number[], tryNow: [] as number[], signUp: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      for (const next of ['tryNow', 'signUp'] as const) {
        const run = await slowVisit(`${server.url}/`, executablePath, next);
        slow.landing.push(run.landing);
        slow[next].push(run.step);
      }
    }
    const line = (values: number[]) => `median ${median(values)} ms (${values.join(', ')} ms)`;
    console.log(`\nOn a slow link (150 ms round trip, 1.6 Mbit/s down, files uncompressed):`);
    console.log(`  landing heading shown: ${line(slow.landing)}`);
    console.log(`  Try Now clicked -> try-now page shown: ${line(slow.tryNow)}`);
    console.log(`  Sign Up clicked -> sign-in dialog shown: ${line(slow.signUp)}`);
    const unwanted = files.filter((f) => NOT_ON_LANDING.test(f.file));
    if (unwanted.length > 0) {
      console.error(
        `Code the landing must not load was loaded: ${unwanted.map((f) => f.file).join(', ')}`,
      );
      process.exitCode = 1;
    }
    if (js > JS_BUDGET_KB) {
      console.error(`Over budget by ${Math.round((js - JS_BUDGET_KB) * 10) / 10} KB`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
