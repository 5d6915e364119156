import { eq, sql } from 'drizzle-orm';
import {
  images,
  projectAudio,
  projects,
  projectSceneImages,
  uploadAudio,
  uploadScenePictures,
  users,
} from '../../db/schema.js';
import type { DbOrTx } from '../credits/ledger.js';

/**
 * What counts against the person's quota and their plan, in one query: their projects' files, audio,
 * scene images and saved states, and the uploaded images, story scene pictures and audio still kept
 * (waiting for, or being made into, a video).
 */
export async function storedBytesAndTier(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      tier: users.subscriptionTier,
      projectBytes: sql<string>`coalesce((select sum(p.file_bytes + octet_length(p.state::text)) from ${projects} p where p.user_id = ${userId}), 0)`,
      imageBytes: sql<string>`coalesce((select sum(i.size_bytes) from ${images} i where i.user_id = ${userId} and i.storage_key is not null), 0)`,
      projectAudioBytes: sql<string>`coalesce((select sum(a.bytes) from ${projectAudio} a join ${projects} p on p.id = a.project_id where p.user_id = ${userId}), 0)`,
      uploadAudioBytes: sql<string>`coalesce((select sum(a.bytes) from ${uploadAudio} a join ${images} i on i.id = a.image_id where i.user_id = ${userId}), 0)`,
      uploadPictureBytes: sql<string>`coalesce((select sum(s.bytes) from ${uploadScenePictures} s join ${images} i on i.id = s.image_id where i.user_id = ${userId}), 0)`,
      sceneImageBytes: sql<string>`coalesce((select sum(s.bytes) from ${projectSceneImages} s join ${projects} p on p.id = s.project_id where p.user_id = ${userId}), 0)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const usedBytes = [
    row.projectBytes,
    row.imageBytes,
    row.projectAudioBytes,
    row.uploadAudioBytes,
    row.uploadPictureBytes,
    row.sceneImageBytes,
  ]
    .map(Number)
    .reduce((sum, bytes) => sum + bytes, 0);
  return { tier: row.tier, usedBytes };
}
