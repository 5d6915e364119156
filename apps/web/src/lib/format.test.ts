import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatDateTime } from './format';

describe('format', () => {
  it('writes cents as dollars with 2 decimals', () => {
    expect([0, 5, 1250, 99_900].map(formatCents)).toEqual(['$0.00', '$0.05', '$12.50', '$999.00']);
  });

  it('writes a day as the spec does, whatever the browser language', () => {
    expect(formatDate('2025-01-26T12:00:00.000Z')).toBe('January 26, 2025');
  });

  it('writes a moment as that day and its time', () => {
    expect(formatDateTime('2025-01-26T12:00:00.000Z')).toMatch(
      /^January 26, 2025, \d{1,2}:00 [AP]M$/,
    );
  });
});
