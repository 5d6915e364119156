import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { UPLOAD_TEMP_PREFIX } from '../../src/http/upload.js';

/**
 * Points TMPDIR at a folder of this test file's own while its tests run, so that no other test's
 * upload folders are seen. Call it before starting the file's servers (their uploads then go
 * there); the folder is removed after them.
 */
export function ownTempDir(prefix: string) {
  let root = '';
  const before = process.env.TMPDIR;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), prefix));
    process.env.TMPDIR = root;
  });
  afterAll(async () => {
    process.env.TMPDIR = before;
    await rm(root, { recursive: true, force: true });
  });
  return {
    path: () => root,
    /** The upload folders left in it (none once every upload has been answered). */
    uploadFolders: async () =>
      (await readdir(root)).filter((name) => name.startsWith(UPLOAD_TEMP_PREFIX)),
  };
}
