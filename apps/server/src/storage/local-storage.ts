import { chmod, copyFile, mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, isStorageKey, type Storage } from './storage.js';

/** Files under `root` (DATA_DIR/files), readable by the server's user only. */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => path.join(root, checkKey(key));
  /** The file for `key`, its folder made. */
  const writable = async (key: string) => {
    const file = pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    return file;
  };
  return {
    async put(key, data) {
      await writeFile(await writable(key), data, { mode: 0o600 });
    },
    async upload(key, localFile) {
      const file = await writable(key);
      await copyFile(localFile, file);
      await chmod(file, 0o600);
    },
    async download(key, localFile) {
      await copyFile(pathOf(key), localFile);
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async read(key, range) {
      // Opened here, so a missing file rejects now rather than failing the stream later.
      const handle = await open(pathOf(key));
      return handle.createReadStream(range);
    },
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
        if (!isStorageKey(key)) continue;
        const stats = await stat(path.join(dir, name)).catch(() => undefined);
        if (stats?.isFile() && stats.mtime < before) keys.push(key);
      }
      return keys;
    },
  };
}
