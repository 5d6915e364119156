import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images, uploadAudio, videos } from '../../db/schema.js';

export type RenderedVideoRow = typeof videos.$inferSelect;

/** The video `videoId`, when it is still to be made. */
export async function videoToRender(db: Db, videoId: string) {
  const [row] = await db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
  return row?.status === 'processing' ? row : undefined;
}

/** The uploaded image of a video, while its file is still stored, and the audio sent with it. */
export async function storedSource(db: Db, imageId: string | null) {
  if (!imageId) return undefined;
  const [row] = await db
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .where(eq(images.id, imageId))
    .limit(1);
  if (!row?.storageKey) return undefined;
  const audio = await db
    .select({ track: uploadAudio.track, storageKey: uploadAudio.storageKey })
    .from(uploadAudio)
    .where(eq(uploadAudio.imageId, imageId));
  return { id: row.id, storageKey: row.storageKey, audio };
}

/** Stores a render's progress (for a reload), unless the video has ended meanwhile. */
export async function storeProgress(db: Db, videoId: string, percent: number): Promise<void> {
  await db
    .update(videos)
    .set({ progress: percent })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')));
}

/** Marks a video made, with its files; undefined when it had already ended (failed meanwhile). */
export async function markCompleted(
  db: Db,
  videoId: string,
  files: { videoKey: string; thumbnailKey: string; durationSeconds: number },
): Promise<RenderedVideoRow | undefined> {
  const [row] = await db
    .update(videos)
    .set({ status: 'completed', progress: 100, ...files, completedAt: new Date() })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')))
    .returning();
  return row;
}

/** Marks a video failed (in the refund's transaction); undefined when it had already ended. */
export async function markFailed(
  tx: Pick<Db, 'update'>,
  videoId: string,
  reason: string,
): Promise<RenderedVideoRow | undefined> {
  const [row] = await tx
    .update(videos)
    .set({ status: 'failed', error: reason.slice(0, 500), completedAt: new Date() })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')))
    .returning();
  return row;
}

/** The image row no longer points at a file (it was deleted). */
export async function forgetSourceFile(db: Db, imageId: string): Promise<void> {
  await db.update(images).set({ storageKey: null }).where(eq(images.id, imageId));
}
