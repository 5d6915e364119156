import {
  ADMIN_LIMITS,
  type AdminAnalytics,
  type AdminRefundRequest,
  type AdminUser,
  type AdminUsersPage,
  type AdminVideo,
  type FailedVideo,
  type Payment,
  type UserLookupResponse,
  type UserStats,
} from '@rasma/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments, users, videos } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { SessionUser } from '../../http/guards.js';
import { addAdminRefund } from '../credits/admin-refund.js';
import { notFound as videoNotFound } from '../videos/service.js';
import { recordAdminAction } from './audit.js';
import type { ProviderAccountLookup } from './provider-account.js';

type UserRow = typeof users.$inferSelect;

export const userNotFound = () => new AppError(404, 'User not found', 'NOT_FOUND');

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  credits: row.credits,
  creditsUsedThisCycle: row.creditsUsedThisCycle,
  createdAt: row.createdAt.toISOString(),
  subscriptionTier: row.subscriptionTier,
  subscriptionStatus: row.subscriptionStatus,
  cycleStartDate: row.cycleStartDate?.toISOString() ?? null,
  stripeCustomerId: row.stripeCustomerId,
  stripeSubscriptionId: row.stripeSubscriptionId,
});

const toAdminVideo = (row: typeof videos.$inferSelect): AdminVideo => ({
  id: row.id,
  title: row.title,
  status: row.status,
  creditsUsed: row.creditsUsed,
  createdAt: row.createdAt.toISOString(),
});

/** Videos per status, of one user or of everyone. */
async function videoCounts(db: Db, userId?: string) {
  const rows = await db
    .select({ status: videos.status, n: count() })
    .from(videos)
    .where(userId ? eq(videos.userId, userId) : undefined)
    .groupBy(videos.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { completed: of('completed'), failed: of('failed'), processing: of('processing') };
}

export async function adminAnalytics(db: Db): Promise<AdminAnalytics> {
  const [totals] = await db.select({ n: count() }).from(users);
  return { totalUsers: totals?.n ?? 0, videoStats: await videoCounts(db) };
}

export async function failedVideos(db: Db): Promise<FailedVideo[]> {
  const rows = await db
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
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The user's latest card payments, newest first (a pack or a plan's period each). */
async function paymentHistory(db: Db, userId: string): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(ADMIN_LIMITS.paymentHistory);
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    type: row.purpose,
    created: row.createdAt.toISOString(),
    amount: row.amountCents,
    status: row.status,
  }));
}

/**
 * A user by e-mail with their video stats, recent videos, payments, and the payment provider's
 * subscriptions and saved payment methods.
 */
export async function lookupUser(
  db: Db,
  providerAccount: ProviderAccountLookup,
  email: string,
): Promise<UserLookupResponse> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw userNotFound();
  const [counts, recent, history, account] = await Promise.all([
    videoCounts(db, user.id),
    db
      .select()
      .from(videos)
      .where(eq(videos.userId, user.id))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(ADMIN_LIMITS.lookupRecentVideos),
    paymentHistory(db, user.id),
    providerAccount(user.stripeCustomerId),
  ]);
  const stats: UserStats = {
    totalVideos: counts.completed + counts.failed + counts.processing,
    completedVideos: counts.completed,
    failedVideos: counts.failed,
    processingVideos: counts.processing,
  };
  return {
    user: toAdminUser(user),
    stats,
    videos: recent.map(toAdminVideo),
    paymentHistory: history,
    subscriptionInfo: { ...account, stripeCustomerId: user.stripeCustomerId },
  };
}

/** One page of every user, newest first. */
export async function listUsers(db: Db, page: number, limit: number): Promise<AdminUsersPage> {
  const [totals] = await db.select({ n: count() }).from(users);
  const totalUsers = totals?.n ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalUsers / limit));
  const rows = await db
    .select()
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    users: rows.map(toAdminUser),
    currentPage: page,
    totalPages,
    totalUsers,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
  };
}

/**
 * Adds credits to a user as a refund, with its audit entry, once per idempotency key: a retry
 * answers the same and changes nothing. Returns the user's balance.
 */
export async function refundCredits(
  db: Db,
  admin: SessionUser,
  userId: string,
  request: AdminRefundRequest,
  idempotencyKey: string,
): Promise<{ email: string; credits: number }> {
  return db.transaction(async (tx) => {
    // Locks the user's row: the balance read below is the one this refund leaves.
    const [target] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw userNotFound();
    const added = await addAdminRefund(tx, {
      userId,
      credits: request.credits,
      reason: request.reason,
      adminEmail: admin.email,
      idempotencyKey,
    });
    if (added) {
      await recordAdminAction(tx, {
        admin,
        action: 'refund',
        targetUserId: userId,
        details: { credits: request.credits, reason: request.reason, idempotencyKey },
      });
    }
    const [after] = await tx
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, userId));
    return { email: target.email, credits: after?.credits ?? 0 };
  });
}

export const refundMessage = (credits: number, email: string) =>
  `Added ${credits} ${credits === 1 ? 'credit' : 'credits'} to ${email}`;

/** Any user's video, for an administrator (404 when there is none). */
export async function findAnyVideo(db: Db, id: string) {
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  if (!row) throw videoNotFound();
  return row;
}
