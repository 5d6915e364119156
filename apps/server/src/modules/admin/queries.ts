import { ADMIN_LIMITS } from '@rasma/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { adminAuditLog, users, videos } from '../../db/schema.js';
import type { SessionUser } from '../../http/guards.js';

/** Videos per status, of one user or of everyone. */
export async function videoCounts(db: Db, userId?: string) {
  const rows = await db
    .select({ status: videos.status, n: count() })
    .from(videos)
    .where(userId ? eq(videos.userId, userId) : undefined)
    .groupBy(videos.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { completed: of('completed'), failed: of('failed'), processing: of('processing') };
}

/** The newest failed videos of everyone, with their owner's e-mail. */
export const recentFailedVideos = (db: Db) =>
  db
    .select({
      id: videos.id,
      title: videos.title,
      email: users.email,
      creditsUsed: videos.creditsUsed,
      createdAt: videos.createdAt,
    })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.userId))
    .where(eq(videos.status, 'failed'))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(ADMIN_LIMITS.failedVideos);

/** The user's newest videos. */
export const recentVideos = (db: Db, userId: string) =>
  db
    .select()
    .from(videos)
    .where(eq(videos.userId, userId))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(ADMIN_LIMITS.lookupRecentVideos);

export async function videoById(db: Db, id: string) {
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return row;
}

export interface AdminAction {
  admin: SessionUser;
  /** What was done, e.g. `refund`. */
  action: string;
  targetUserId: string;
  details: Record<string, unknown>;
}

/** Writes who did what to whom, in the transaction of the change itself (both land or neither). */
export async function recordAdminAction(tx: DbOrTx, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: entry.admin.id,
    adminEmail: entry.admin.email,
    action: entry.action,
    targetUserId: entry.targetUserId,
    details: entry.details,
  });
}
