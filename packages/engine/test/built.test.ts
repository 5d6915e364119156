import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { isFreshBundle, typeScriptEntry } from '../bin/built.js';

let root: string;
const at = (name: string) => path.join(root, name);
/** Sets a file's modification time, in seconds from an arbitrary start. */
const touch = (name: string, seconds: number) => utimes(at(name), seconds, 1_000_000 + seconds);

/** A bundle in dist/ built from src/a.ts and src/b.ts; one in lost/ whose list names a file gone. */
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rasma-bundle-'));
  for (const dir of ['src', 'dist', 'bare', 'lost']) await mkdir(at(dir));
  for (const file of ['src/a.ts', 'src/b.ts', 'dist/bundle.js', 'bare/bundle.js', 'lost/bundle.js'])
    await writeFile(at(file), '');
  await writeFile(at('dist/sources.json'), JSON.stringify(['../src/a.ts', '../src/b.ts']));
  await writeFile(at('lost/sources.json'), JSON.stringify(['../src/a.ts', '../src/gone.ts']));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const fresh = () => isFreshBundle(at('dist/bundle.js'));

describe('a bundle standing in for the TypeScript source', () => {
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

  it('is not used when it, its list of sources or one of its sources is missing', async () => {
    await touch('src/b.ts', 20);
    expect(fresh()).toBe(true);
    expect(isFreshBundle(at('dist/none.js'))).toBe(false);
    expect(isFreshBundle(at('bare/bundle.js'))).toBe(false);
    expect(isFreshBundle(at('lost/bundle.js'))).toBe(false);
  });
});

describe('what starts for TypeScript code of ours', () => {
  const url = (name: string) => pathToFileURL(at(name));
  const entry = (caller: string) => ({
    caller,
    source: url('src/a.ts'),
    bundle: url('dist/bundle.js'),
  });

  it('from TypeScript: the bundle while it is fresh, else the source to compile', async () => {
    await touch('src/a.ts', 10);
    await touch('src/b.ts', 20);
    await touch('dist/bundle.js', 30);
    expect(typeScriptEntry(entry('file:///app/src/caller.ts'))).toEqual({
      url: url('dist/bundle.js'),
      compile: false,
    });
    await touch('src/a.ts', 40);
    expect(typeScriptEntry(entry('file:///app/src/caller.ts'))).toEqual({
      url: url('src/a.ts'),
      compile: true,
    });
  });

  it('from built code: its build as it is, fresh or not, never the TypeScript', async () => {
    await touch('src/a.ts', 40);
    expect(fresh()).toBe(false);
    expect(typeScriptEntry(entry('file:///app/dist/caller.js'))).toEqual({
      url: url('dist/bundle.js'),
      compile: false,
    });
    expect(
      typeScriptEntry({ ...entry('file:///app/dist/caller.js'), built: url('bare/bundle.js') }),
    ).toEqual({ url: url('bare/bundle.js'), compile: false });
    expect(() =>
      typeScriptEntry({ caller: 'file:///app/dist/caller.js', source: url('src/a.ts') }),
    ).toThrow(/no build/);
  });
});
