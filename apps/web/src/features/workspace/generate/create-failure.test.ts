import type { ErrorCode } from '@rasma/contract/constants';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { createFailure } from './create-failure';

/** The server's answer with `code`, as the web app receives it. */
const refused = (status: number, message: string, code: ErrorCode) =>
  new ApiError(status, JSON.stringify({ message, code }));

describe('createFailure', () => {
  it('reads UNAUTHENTICATED as an expired session', () => {
    expect(createFailure(refused(401, 'Unauthorized', 'UNAUTHENTICATED'))).toBe('session-expired');
  });

  it('reads INSUFFICIENT_CREDITS as too few credits, by its code and not its words', () => {
    expect(createFailure(refused(402, 'Insufficient credits', 'INSUFFICIENT_CREDITS'))).toBe(
      'insufficient-credits',
    );
    expect(createFailure(refused(402, 'Not enough', 'INSUFFICIENT_CREDITS'))).toBe(
      'insufficient-credits',
    );
    expect(createFailure(new ApiError(402, 'Insufficient credits'))).toBe('failed');
  });

  it('reads TOO_MANY_WAITING_VIDEOS as too many videos waiting, and not another 429', () => {
    const waiting = refused(429, 'You already have 10 videos waiting', 'TOO_MANY_WAITING_VIDEOS');
    expect(createFailure(waiting)).toBe('too-many-waiting');
    expect(createFailure(refused(429, 'Too many requests', 'RATE_LIMITED'))).toBe('failed');
  });

  it('reads anything else as a failure', () => {
    expect(createFailure(refused(500, 'Internal server error', 'INTERNAL'))).toBe('failed');
    expect(createFailure(new TypeError('Failed to fetch'))).toBe('failed');
  });
});
