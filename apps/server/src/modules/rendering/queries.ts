import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images, uploadAudio, uploadScenePictures, videos } from '../../db/schema.js';

export type RenderedVideoRow = typeof videos.$inferSelect;

/** The video `videoId`, when it is still to be made. */
export async function videoToRender(db: Db, videoId: string) {
  const [row] = await db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
  return row?.status === 'processing' ? row : undefined;
}

/**
 * What a video's upload still stores: its picture (a video of one picture), a story's scene
 * pictures by scene, and the audio sent with it; undefined without an upload.
 */
export async function storedSource(db: Db, imageId: string | null) {
  if (!imageId) return undefined;
  const [row] = await db
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .where(eq(images.id, imageId))
    .limit(1);
  if (!row) return undefined;
  const audio = await db
    .select({ track: uploadAudio.track, storageKey: uploadAudio.storageKey })
    .from(uploadAudio)
    .where(eq(uploadAudio.imageId, imageId));
  const scenePictures = await db
    .select({
      sceneIndex: uploadScenePictures.sceneIndex,
      storageKey: uploadScenePictures.storageKey,
    })
    .from(uploadScenePictures)
    .where(eq(uploadScenePictures.imageId, imageId));
  return { ...row, audio, scenePictures };
}
export type StoredSource = NonNullable<Awaited<ReturnType<typeof storedSource>>>;

/** Stores a render's progress (for a reload), unless the video has ended meanwhile. */
export async function storeProgress(db: Db, videoId: string, percent: number): Promise<void> {
  await db
    .update(videos)
    .set({ progress: percent })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')));
}

/** Marks a video made, with its files; undefined when it had already ended (failed meanwhile). */
export async function markCompleted(
  db: Pick<Db, 'update'>,
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
