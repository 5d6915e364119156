import path from 'node:path';
import { createLocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';
import { parseStorageUrl } from './storage-url.js';

/**
 * The storage STORAGE_URL names: an S3-compatible bucket (created when missing), or, unset, local
 * disk under DATA_DIR/files (one machine, or a folder all processes share).
 */
export async function openStorage(config: {
  dataDir: string;
  storageUrl?: string | undefined;
}): Promise<Storage> {
  if (!config.storageUrl) return createLocalStorage(path.join(config.dataDir, 'files'));
  // Loaded only when used: the SDK costs the embedded default memory it has no use for.
  const { openS3Storage } = await import('./s3-storage.js');
  return openS3Storage(parseStorageUrl(config.storageUrl));
}
