import type { SubscriptionTier } from '@rasma/contract';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface Period {
  start: Date;
  end: Date;
}

/**
 * The free plan's weeks count from the account's creation: week 0 is covered by the sign-up grant,
 * each later week by one weekly grant.
 */
export function freeWeek(createdAt: Date, now: Date): Period & { index: number } {
  const index = Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / WEEK_MS));
  const start = new Date(createdAt.getTime() + index * WEEK_MS);
  return { index, start, end: new Date(start.getTime() + WEEK_MS) };
}

/** What decides a user's current period. */
export interface PeriodHolder {
  createdAt: Date;
  subscriptionTier: SubscriptionTier;
  cycleStartDate: Date | null;
  subscriptionEndsAt: Date | null;
}

/**
 * A user's current period: a free user's week, or a paid plan's month (its end is the renewal
 * date).
 */
export function currentPeriod(user: PeriodHolder, now: Date): { start: Date; end: Date | null } {
  return user.subscriptionTier === 'free' || !user.cycleStartDate
    ? freeWeek(user.createdAt, now)
    : { start: user.cycleStartDate, end: user.subscriptionEndsAt };
}

/** A paid plan's period: one calendar month from its start (the 31st ends on the month's last day). */
export function monthAfter(start: Date): Date {
  const end = new Date(start);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
}
