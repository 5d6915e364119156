import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS, dismissToast, toast, useToasts } from './use-toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows at most one: the newest replaces the previous one', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['Second']);
  });

  it('closes a dismissed toast at once and forgets it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Saved' }).id;
    });
    act(() => {
      dismissToast(id);
    });
    expect(result.current).toEqual([expect.objectContaining({ id, open: false })]);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    });
    expect(result.current).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toHaveLength(0);
  });
});
