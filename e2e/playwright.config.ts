import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { STRIPE_KEYS } from './support/stripe-mode.js';

const PORT = Number(process.env.E2E_PORT ?? 5199);
// The second server, with Stripe payments (tests/credits-stripe.spec.ts), and its fake Stripe API.
const STRIPE_SERVER_PORT = PORT + 1;
const STRIPE_API_URL = `http://127.0.0.1:${PORT + 2}`;
process.env.RASMA_E2E_STRIPE_SERVER_URL = `http://127.0.0.1:${STRIPE_SERVER_PORT}`;
process.env.RASMA_E2E_STRIPE_API_URL = STRIPE_API_URL;
// One fresh data dir per server and run, made once in the main process (workers inherit the
// variables) and removed when that process exits, after it has stopped the servers.
function dataDir(variable: 'RASMA_E2E_DATA_DIR' | 'RASMA_E2E_STRIPE_DATA_DIR'): string {
  const existing = process.env[variable];
  if (existing) return existing;
  const made = mkdtempSync(path.join(tmpdir(), 'rasma-e2e-'));
  process.env[variable] = made;
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
  return made;
}
const DATA_DIR = dataDir('RASMA_E2E_DATA_DIR');
const STRIPE_DATA_DIR = dataDir('RASMA_E2E_STRIPE_DATA_DIR');

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: 'list',
  // Two workers share two cores with the server, its renders and the specs that start servers of
  // their own: a page that answers in 1 s alone can take several then, and a walk through the app
  // that takes 35 s alone took over 60 s in CI. Each step's own bound (`expect`) stays 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // Playwright starts these in turn, each once the one before answers its URL.
  webServer: [
    {
      // Built and started exactly as the README tells a user to.
      command: 'npm start',
      cwd: '..',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      // Its warnings and errors (a failed render says why) show in the run's output.
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        LOG_LEVEL: 'warn',
        // Renders run at a lower CPU priority than the browsers and servers of the tests beside
        // them: on two busy cores a 2 s video outlasted the default allowance (140 s) and failed.
        // These tests are about the pages; the allowance has its own (server/render-isolation).
        RENDER_EXPIRY_SECONDS: '600',
        // The administrators of the admin area's browser tests (tests/admin.spec.ts).
        ADMIN_EMAILS: 'e2e-admin@example.com,e2e-analytics-admin@example.com',
        // Shown on the legal pages (the Stripe-mode server has none: they then show no address).
        SUPPORT_EMAIL: 'support@rasma-e2e.example.com',
        // Webhooks to the tests' receiver on loopback (tests/webhooks.spec.ts).
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      },
    },
    {
      // Serves the web app the first one built; Stripe's API is a loopback fake.
      command: 'node --import tsx support/stripe-server.ts',
      url: `http://127.0.0.1:${STRIPE_SERVER_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(STRIPE_SERVER_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: STRIPE_DATA_DIR,
        LOG_LEVEL: 'warn',
        RENDER_WORKERS: '0',
        ...STRIPE_KEYS,
        STRIPE_API_URL,
      },
    },
  ],
});
