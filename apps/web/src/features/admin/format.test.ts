import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { abbreviate, isAccessDenied, successRate } from './format';

describe('admin figures', () => {
  it('abbreviates from 1,000 with K and from 1,000,000 with M', () => {
    expect([999, 1000, 1500, 999_999, 1_000_000, 2_345_678].map(abbreviate)).toEqual([
      '999',
      '1K',
      '1.5K',
      '1000K',
      '1M',
      '2.3M',
    ]);
  });

  it('shows the success rate as a rounded percent, N/A without videos', () => {
    expect(successRate({ completed: 2, failed: 1, processing: 0 })).toBe('67%');
    expect(successRate({ completed: 0, failed: 0, processing: 0 })).toBe('N/A');
  });

  it('recognises the server refusing a non-admin by its code', () => {
    const denied = new ApiError(403, '{"message":"Admin access required","code":"FORBIDDEN"}');
    expect(isAccessDenied(undefined, denied)).toBe(true);
    expect(isAccessDenied(new ApiError(403, '{"message":"Refused","code":"FORBIDDEN"}'))).toBe(
      true,
    );
    expect(isAccessDenied(new ApiError(403, 'Admin access required'))).toBe(false);
    expect(isAccessDenied(new ApiError(500, 'Internal server error'))).toBe(false);
  });
});
