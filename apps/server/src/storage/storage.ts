import type { Readable } from 'node:stream';

/**
 * Where uploads, videos and thumbnails are kept, by key (`images/<id>.jpg`): local disk under
 * DATA_DIR, or an S3-compatible bucket (`openStorage` picks by STORAGE_URL). Nothing behind it
 * assumes a shared filesystem: a render copies its input to a folder of its own and its results
 * back, and files are sent in streams, never whole in memory.
 */
export interface Storage {
  /** Stores bytes already in memory (an upload the server has checked). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a local file, streamed. */
  upload(key: string, localFile: string, contentType: string): Promise<void>;
  /** Writes the stored file to `localFile`, streamed; rejects when there is no such file. */
  download(key: string, localFile: string): Promise<void>;
  /** The size in bytes, or undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  /** The bytes, or the inclusive byte range `start`-`end` of them; rejects when there is no such file. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Deletes the file; none is no error. */
  delete(key: string): Promise<void>;
  /** Keys in `folder` last written before `before` (the retention clean-up's leftovers). */
  keysOlderThan(folder: string, before: Date): Promise<string[]>;
}

/** `folder/<id>.<kind>`, or `folder/<id>.<kind>.<uuid>` for a file replaced under a new key. */
const KEY_PATTERN = /^[a-z]+\/[0-9a-f-]+\.[a-z0-9]+(\.[0-9a-f-]+)?$/;

/** Keys are made by the server, never taken from a request: a bad one is a bug. */
export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

export const isStorageKey = (key: string) => KEY_PATTERN.test(key);
