import type { UserDetails } from '@rasma/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { freeWeek } from './periods.js';

/**
 * Spec 3's user details. The current period: a free user's week, or a paid plan's month (its end is
 * the renewal date). Credits used this cycle come from the ledger: video debits less their refunds
 * since the period began.
 */
export async function userDetails(db: Db, userId: string, now = new Date()): Promise<UserDetails> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(404, 'User not found', 'NOT_FOUND');
  const period =
    user.subscriptionTier === 'free' || !user.cycleStartDate
      ? freeWeek(user.createdAt, now)
      : { start: user.cycleStartDate, end: user.subscriptionEndsAt };
  const [used] = await db
    .select({ credits: sql<string | null>`-sum(${creditLedger.delta})` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        inArray(creditLedger.kind, ['video_debit', 'video_refund']),
        gte(creditLedger.createdAt, period.start),
      ),
    );
  return {
    subscriptionTier: user.subscriptionTier,
    pendingSubscriptionTier: user.pendingSubscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionEndsAt: user.pendingSubscriptionTier ? (period.end?.toISOString() ?? null) : null,
    subscriptionEndDate: period.end?.toISOString() ?? null,
    cycleStartDate: period.start.toISOString(),
    creditsUsedThisCycle: Math.max(0, Number(used?.credits ?? 0)),
  };
}
