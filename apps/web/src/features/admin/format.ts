import type { AdminAnalytics } from '@rasma/contract';
import { ApiError } from '@/lib/http';

export { formatCents, formatDate, formatDateTime } from '@/lib/format';

const oneDecimal = (n: number) => n.toFixed(1).replace(/\.0$/, '');

/** Spec 2.14: 1,000 and more as K, 1,000,000 and more as M. */
export function abbreviate(n: number): string {
  if (n >= 1_000_000) return `${oneDecimal(n / 1_000_000)}M`;
  if (n >= 1_000) return `${oneDecimal(n / 1_000)}K`;
  return String(n);
}

/** Videos made: completed, failed and processing. */
export const videosCreated = ({ completed, failed, processing }: AdminAnalytics['videoStats']) =>
  completed + failed + processing;

/** Spec 2.13: completed over all videos made, as a rounded percent, or N/A when there are none. */
export function successRate(stats: AdminAnalytics['videoStats']): string {
  const total = videosCreated(stats);
  return total === 0 ? 'N/A' : `${Math.round((stats.completed / total) * 100)}%`;
}

/** The server refuses a non-admin as FORBIDDEN (spec 6); the pages then show Access Denied. */
export const isAccessDenied = (...errors: unknown[]) =>
  errors.some((e) => e instanceof ApiError && e.code === 'FORBIDDEN');
