import { and, eq, exists, isNotNull, lt, not, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images, uploadAudio, uploadScenePictures, videos } from '../../db/schema.js';

/**
 * Uploads that still store a file (their picture, a story's scene pictures, their audio) and were
 * uploaded before `anyBefore`, or before `unusedBefore` with no render waiting for them.
 */
export function expiredUploads(
  db: Db,
  { anyBefore, unusedBefore }: { anyBefore: Date; unusedBefore: Date },
) {
  const awaitingRender = db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.imageId, images.id), eq(videos.status, 'processing')));
  const filesOf = (table: typeof uploadAudio | typeof uploadScenePictures) =>
    exists(db.select({ id: table.imageId }).from(table).where(eq(table.imageId, images.id)));
  return db
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .where(
      and(
        or(isNotNull(images.storageKey), filesOf(uploadAudio), filesOf(uploadScenePictures)),
        or(
          lt(images.uploadedAt, anyBefore),
          and(lt(images.uploadedAt, unusedBefore), not(exists(awaitingRender))),
        ),
      ),
    );
}

/** Whether an image row, or an upload's audio or scene picture row, points at the stored file `key`. */
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
    .union(
      db
        .select({ id: uploadScenePictures.imageId })
        .from(uploadScenePictures)
        .where(eq(uploadScenePictures.storageKey, key)),
    )
    .limit(1);
  return row !== undefined;
}
