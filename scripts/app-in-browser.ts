/**
 * The built app in Chromium, signed in, for the scripts that drive it (`bench:editor`, the editor's
 * demo): builds the app, starts the production server on a fresh data folder, signs a new person
 * in and opens pages with their session.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { signIn, startServer } from './bench-support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface AppInBrowser {
  /** The data folder of the server (its own, removed by `close`). */
  dataDir: string;
  /** A browser context with the person's session, at the server's address. */
  signedInContext(options: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function startAppInBrowser(): Promise<AppInBrowser> {
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-app-in-browser-'));
  const server = await startServer(dataDir, undefined, {
    WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  const close = async () => {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const [name, value] = (await signIn(server.url, dataDir)).split('=') as [string, string];
    return {
      dataDir,
      async signedInContext(options) {
        const context = await browser.newContext({ ...options, baseURL: server.url });
        await context.addCookies([{ name, value, url: server.url }]);
        return context;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
