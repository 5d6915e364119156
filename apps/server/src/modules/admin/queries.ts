import { ADMIN_LIMITS } from '@rasma/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adminAuditLog, payments, users, videos } from '../../db/schema.js';
import type { SessionUser } from '../../http/guards.js';
import type { DbOrTx } from '../credits/ledger.js';

export async function countUsers(db: Db): Promise<number> {
  const [totals] = await db.select({ n: count() }).from(users);
  return totals?.n ?? 0;
}

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

/** The user's latest card payments, newest first (a pack or a plan's period each). */
export const recentPayments = (db: Db, userId: string) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(ADMIN_LIMITS.paymentHistory);

/** Every user, newest first, the rows of one page. */
export const usersPage = (db: Db, page: { limit: number; offset: number }) =>
  db
    .select()
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);

export async function creditBalance(tx: DbOrTx, userId: string): Promise<number> {
  const [user] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId));
  return user?.credits ?? 0;
}

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
