import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { createFailure } from './create-failure';

describe('createFailure', () => {
  it('reads a 401 as an expired session', () => {
    expect(createFailure(new ApiError(401, '{"message":"Unauthorized"}'))).toBe('session-expired');
  });

  it('reads a 402, or a message about credits, as too few credits', () => {
    expect(createFailure(new ApiError(402, '{"message":"Insufficient credits"}'))).toBe(
      'insufficient-credits',
    );
    expect(createFailure(new ApiError(400, 'Insufficient credits for this model'))).toBe(
      'insufficient-credits',
    );
  });

  it('reads a 429 as too many videos waiting', () => {
    expect(
      createFailure(new ApiError(429, '{"message":"You already have 10 videos waiting"}')),
    ).toBe('too-many-waiting');
  });

  it('reads anything else as a failure', () => {
    expect(createFailure(new ApiError(500, '{"message":"Internal server error"}'))).toBe('failed');
    expect(createFailure(new TypeError('Failed to fetch'))).toBe('failed');
  });
});
