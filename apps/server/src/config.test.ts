import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config.js';

const tempDirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'rasma-config-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('.env.example', () => {
  it('names every setting the server reads, and nothing else', async () => {
    const example = await readFile(
      path.resolve(import.meta.dirname, '../../../.env.example'),
      'utf8',
    );
    const named = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    expect([...named].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });
});

describe('loadConfig', () => {
  it('uses the documented defaults', async () => {
    const dataDir = await tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.dataDir).toBe(dataDir);
  });

  it('generates a session secret once and keeps it in DATA_DIR', async () => {
    const dataDir = await tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'session-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('prefers SESSION_SECRET from the environment', async () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: await tempDir(), SESSION_SECRET: secret }).sessionSecret).toBe(
      secret,
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters'],
  ])('refuses %o with a readable message', (env, expected) => {
    expect(() => loadConfig({ DATA_DIR: 'unused', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: 'unused', ...env })).toThrow(expected);
  });

  it('strips a trailing slash from PUBLIC_URL', async () => {
    const config = loadConfig({ DATA_DIR: await tempDir(), PUBLIC_URL: 'https://rasma.example/' });
    expect(config.publicUrl).toBe('https://rasma.example');
  });
});
