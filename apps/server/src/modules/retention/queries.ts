import { and, eq, exists, isNotNull, lt, not, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images, uploadAudio, videos } from '../../db/schema.js';

/**
 * Uploads still stored that were uploaded before `anyBefore`, or before `unusedBefore` with no
 * render waiting for them.
 */
export function expiredUploads(
  db: Db,
  { anyBefore, unusedBefore }: { anyBefore: Date; unusedBefore: Date },
) {
  const awaitingRender = db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.imageId, images.id), eq(videos.status, 'processing')));
  return db
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .where(
      and(
        isNotNull(images.storageKey),
        or(
          lt(images.uploadedAt, anyBefore),
          and(lt(images.uploadedAt, unusedBefore), not(exists(awaitingRender))),
        ),
      ),
    );
}

/** The image row no longer points at a file (it was deleted). */
export async function forgetUploadFile(db: Db, imageId: string): Promise<void> {
  await db.update(images).set({ storageKey: null }).where(eq(images.id, imageId));
}

/** Whether an image row, or an upload's audio row, points at the stored file `key`. */
export async function isUploadKeyKnown(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(eq(images.storageKey, key))
    .union(
      db
        .select({ id: uploadAudio.imageId })
        .from(uploadAudio)
        .where(eq(uploadAudio.storageKey, key)),
    )
    .limit(1);
  return row !== undefined;
}
