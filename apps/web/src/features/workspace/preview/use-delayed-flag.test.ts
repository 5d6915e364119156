import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedFlag } from './use-delayed-flag';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDelayedFlag', () => {
  it('turns on only after the work has lasted the delay, and off with it', async () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, 500), {
      initialProps: { active: true },
    });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });

  it('never turns on for work shorter than the delay', async () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, 500), {
      initialProps: { active: true },
    });
    await act(() => vi.advanceTimersByTimeAsync(300));
    rerender({ active: false });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toBe(false);
  });
});
