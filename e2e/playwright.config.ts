import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5199);
// One fresh data dir per run, made once in the main process (workers inherit the variable) and
// removed when that process exits, after it has stopped the server.
if (!process.env.RASMA_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rasma-e2e-'));
  process.env.RASMA_E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
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
  webServer: {
    // Built and started exactly as the README tells a user to.
    command: 'npm start',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.RASMA_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The administrators of the admin area's browser tests (tests/admin.spec.ts).
      ADMIN_EMAILS: 'e2e-admin@example.com,e2e-analytics-admin@example.com',
    },
  },
});
