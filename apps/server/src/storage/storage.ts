import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploads, videos and thumbnails are kept, by key (`images/<id>.jpg`). Local disk under
 * DATA_DIR today; object storage can come behind the same interface. Renders read and write local
 * files, so `localPath` hands them one.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** A local file path for `key` whose folder exists, for a render to read or write. */
  localPath(key: string): Promise<string>;
  /** The size in bytes, or undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  /** The bytes, or the inclusive byte range `start`-`end` of them. */
  read(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
  /** Keys in `folder` last written before `before` (the retention clean-up's leftovers). */
  keysOlderThan(folder: string, before: Date): Promise<string[]>;
}

const KEY_PATTERN = /^[a-z]+\/[0-9a-f-]+\.[a-z0-9]+$/;

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    // Keys are made by the server, never taken from a request: a bad one is a bug.
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  const ensureFolder = (file: string) =>
    mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  return {
    async put(key, data) {
      const file = pathOf(key);
      await ensureFolder(file);
      await writeFile(file, data, { mode: 0o600 });
    },
    async localPath(key) {
      const file = pathOf(key);
      await ensureFolder(file);
      return file;
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    read: (key, range) => createReadStream(pathOf(key), range),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async keysOlderThan(folder, before) {
      const dir = path.join(root, folder);
      const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      const keys: string[] = [];
      for (const name of names) {
        const key = `${folder}/${name}`;
        if (!KEY_PATTERN.test(key)) continue;
        const stats = await stat(path.join(dir, name)).catch(() => undefined);
        if (stats?.isFile() && stats.mtime < before) keys.push(key);
      }
      return keys;
    },
  };
}
