import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema.js';

/** How many recent images the image dashboard lists. */
const RECENT_IMAGES = 50;

/** The user's recent uploads, newest first. */
export async function recentImages(db: Db, userId: string) {
  const rows = await db
    .select({ id: images.id, originalName: images.originalName, uploadedAt: images.uploadedAt })
    .from(images)
    .where(eq(images.userId, userId))
    .orderBy(desc(images.uploadedAt))
    .limit(RECENT_IMAGES);
  return rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString() }));
}
