import type { ErrorCode } from '@rasma/contract/constants';
import { ApiError } from '@/lib/http';

/**
 * Why a create failed, as the person is told: signed out, out of credits, too many videos already
 * waiting (the server says how many), or anything else.
 */
export type CreateFailure =
  'session-expired' | 'insufficient-credits' | 'too-many-waiting' | 'failed';

const FAILURE_OF_CODE: Partial<Record<ErrorCode, CreateFailure>> = {
  UNAUTHENTICATED: 'session-expired',
  INSUFFICIENT_CREDITS: 'insufficient-credits',
  TOO_MANY_WAITING_VIDEOS: 'too-many-waiting',
};

export function createFailure(error: unknown): CreateFailure {
  return (error instanceof ApiError && error.code && FAILURE_OF_CODE[error.code]) || 'failed';
}
