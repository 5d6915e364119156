import { ApiError } from '@/lib/http';

/**
 * Why a create failed, as the person is told: signed out, out of credits, too many videos already
 * waiting (the server says how many), or anything else.
 */
export type CreateFailure =
  'session-expired' | 'insufficient-credits' | 'too-many-waiting' | 'failed';

export function createFailure(error: unknown): CreateFailure {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 401) return 'session-expired';
  if (error.status === 402 || error.message.includes('Insufficient credits')) {
    return 'insufficient-credits';
  }
  if (error.status === 429) return 'too-many-waiting';
  return 'failed';
}
