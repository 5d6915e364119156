import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { LazyToaster } from './lazy-toaster';

afterEach(cleanup);

describe('the toasts loaded on demand', () => {
  it('shows the first toast once its code has loaded, and the next at once', async () => {
    render(<LazyToaster />);
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();

    act(() => {
      toast({ title: 'Message Sent' });
    });
    // Radix Toast loads with the first toast: slowly on a busy machine.
    const region = await screen.findByRole('region', { name: /Notifications/ }, { timeout: 5000 });
    expect(await within(region).findByText('Message Sent')).toBeTruthy();

    act(() => {
      toast({ title: 'Saved' });
    });
    expect(within(region).getByText('Saved')).toBeTruthy();
  });
});
