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
} from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { notFoundOf } from '../../db/ownership.js';
import type { SessionUser } from '../../http/guards.js';
import { pageWindow, paginationOf } from '../../http/pagination.js';
import { countUsers, usersPage } from '../auth/queries.js';
import { requireUserByEmail, requireUserById, type UserRow } from '../auth/users.js';
import type { ProviderAccount } from '../billing/provider.js';
import { recentPayments, type PaymentRow } from '../billing/queries.js';
import { addAdminRefund } from '../credits/admin-refund.js';
import { creditsUsedThisCycle, planDetails } from '../credits/details.js';
import { balanceOf } from '../credits/queries.js';
import { fileKey, type VideoRow } from '../videos/service.js';
import {
  recentFailedVideos,
  recentVideos,
  recordAdminAction,
  videoById,
  videoCounts,
} from './queries.js';

/** The payment provider's side of a user's account. */
export type ProviderAccountLookup = (user: UserRow) => Promise<ProviderAccount>;

const toAdminUser = (row: UserRow, creditsUsed: number): AdminUser => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  credits: row.credits,
  creditsUsedThisCycle: creditsUsed,
  createdAt: row.createdAt.toISOString(),
  subscriptionTier: row.subscriptionTier,
  subscriptionStatus: row.subscriptionStatus,
  cycleStartDate: row.cycleStartDate?.toISOString() ?? null,
  stripeCustomerId: row.stripeCustomerId,
  stripeSubscriptionId: row.stripeSubscriptionId,
});

const toAdminVideo = (row: VideoRow): AdminVideo => ({
  id: row.id,
  title: row.title,
  status: row.status,
  creditsUsed: row.creditsUsed,
  createdAt: row.createdAt.toISOString(),
  sceneCount: row.sceneCount,
});

const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  description: row.description,
  type: row.purpose,
  created: row.createdAt.toISOString(),
  amount: row.amountCents,
  status: row.status,
});

export async function adminAnalytics(db: Db): Promise<AdminAnalytics> {
  const [totalUsers, videoStats] = await Promise.all([countUsers(db), videoCounts(db)]);
  return { totalUsers, videoStats };
}

export async function failedVideos(db: Db): Promise<FailedVideo[]> {
  const rows = await recentFailedVideos(db);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * A user by e-mail: details, video stats, recent videos and payments, the plan as the user's own
 * page has it, and the payment provider's subscriptions and saved payment methods.
 */
export async function lookupUser(
  db: Db,
  providerAccount: ProviderAccountLookup,
  email: string,
  now = new Date(),
): Promise<UserLookupResponse> {
  const user = await requireUserByEmail(db, email);
  const [plan, counts, videos, paid, account] = await Promise.all([
    planDetails(db, user, now),
    videoCounts(db, user.id),
    recentVideos(db, user.id),
    recentPayments(db, user.id, ADMIN_LIMITS.paymentHistory),
    providerAccount(user),
  ]);
  return {
    user: toAdminUser(user, plan.creditsUsedThisCycle),
    plan,
    stats: {
      totalVideos: counts.completed + counts.failed + counts.processing,
      completedVideos: counts.completed,
      failedVideos: counts.failed,
      processingVideos: counts.processing,
    },
    videos: videos.map(toAdminVideo),
    paymentHistory: paid.map(toPayment),
    subscriptionInfo: { ...account, stripeCustomerId: user.stripeCustomerId },
  };
}

/** One page of every user, newest first. */
export async function listUsers(
  db: Db,
  page: number,
  pageSize: number,
  now = new Date(),
): Promise<AdminUsersPage> {
  const [totalUsers, rows] = await Promise.all([
    countUsers(db),
    usersPage(db, pageWindow(page, pageSize)),
  ]);
  const used = await creditsUsedThisCycle(db, rows, now);
  const { currentPage, totalPages, hasPrev, hasNext } = paginationOf(page, totalUsers, pageSize);
  return {
    users: rows.map((row) => toAdminUser(row, used.get(row.id) ?? 0)),
    currentPage,
    totalPages,
    totalUsers,
    hasPrevPage: hasPrev,
    hasNextPage: hasNext,
  };
}

const refundMessage = (credits: number, email: string) =>
  `Added ${credits} ${credits === 1 ? 'credit' : 'credits'} to ${email}`;

/**
 * Adds credits to a user as a refund, with its audit entry, once per idempotency key: a retry
 * answers the same and changes nothing. Answers with the user's balance.
 */
export async function refundCredits(
  db: Db,
  admin: SessionUser,
  userId: string,
  request: AdminRefundRequest,
  idempotencyKey: string,
): Promise<{ message: string; credits: number }> {
  return db.transaction(async (tx) => {
    // Locks the user's row: the balance read below is the one this refund leaves.
    const target = await requireUserById(tx, userId, { lock: true });
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
    return {
      message: refundMessage(request.credits, target.email),
      credits: await balanceOf(tx, userId),
    };
  });
}

/** Any user's finished video, as a download named after its title (404 when there is none). */
export async function videoDownload(db: Db, id: string) {
  const row = await videoById(db, id);
  if (!row) throw notFoundOf('video');
  return { key: fileKey(row, 'video'), contentType: 'video/mp4', fileName: `${row.title}.mp4` };
}
