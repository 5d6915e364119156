import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFreshBundle } from '../src/render/bundle.js';

let root: string;
const at = (name: string) => path.join(root, name);
/** Sets a file's modification time, in seconds from an arbitrary start. */
const touch = (name: string, seconds: number) => utimes(at(name), seconds, 1_000_000 + seconds);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rasma-bundle-'));
  await mkdir(at('src'));
  await mkdir(at('dist'));
  await writeFile(at('src/a.ts'), '');
  await writeFile(at('src/b.ts'), '');
  await writeFile(at('dist/bundle.js'), '');
  const inputs = { 'src/a.ts': {}, 'src/b.ts': {} };
  await writeFile(at('dist/meta.json'), JSON.stringify({ inputs }));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const fresh = () => isFreshBundle(at('dist/bundle.js'), at('dist/meta.json'), root);

describe('the bundled render process', () => {
  it('is used when built after every file it was built from', async () => {
    await touch('src/a.ts', 10);
    await touch('src/b.ts', 20);
    await touch('dist/bundle.js', 30);
    expect(fresh()).toBe(true);
  });

  it('is not used once any of those files changed after the build', async () => {
    await touch('dist/bundle.js', 30);
    await touch('src/b.ts', 40);
    expect(fresh()).toBe(false);
  });

  it('is not used when it, its metafile or one of its sources is missing', async () => {
    await touch('src/b.ts', 20);
    expect(fresh()).toBe(true);
    expect(isFreshBundle(at('dist/none.js'), at('dist/meta.json'), root)).toBe(false);
    expect(isFreshBundle(at('dist/bundle.js'), at('dist/none.json'), root)).toBe(false);
    expect(isFreshBundle(at('dist/bundle.js'), at('dist/meta.json'), at('src'))).toBe(false);
  });
});
