import type { Db } from '../../db/client.js';
import type { Storage } from '../../storage/storage.js';
import { deleteUploadFileRows, forgetUploadImage } from './queries.js';

/**
 * Deletes what an upload stored (its picture, a story's scene pictures, its voice-over and music)
 * once its video is made or has failed, or the upload expired (privacy policy). The rows of its
 * files go first: a file a failure left behind belongs to no row, and the hourly clean-up removes
 * it.
 */
export async function deleteUploadFiles(
  { db, storage }: { db: Db; storage: Storage },
  upload: { id: string; storageKey: string | null },
): Promise<void> {
  const keys = await deleteUploadFileRows(db, upload.id);
  await Promise.all(keys.map((key) => storage.delete(key)));
  if (!upload.storageKey) return;
  await storage.delete(upload.storageKey);
  await forgetUploadImage(db, upload.id);
}
