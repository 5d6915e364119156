import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Navbar } from '@/app-shell/navbar';
import { renderInApp } from '@/test/render-app';
import { serveApi } from '@/test/serve-api';
import { LazyAuthDialog } from './lazy-auth-dialog';

/** The dialog's code loads on its first opening: slowly on a busy machine. */
const LOADS = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-in dialog loaded on demand', () => {
  it("opens from the navigation's Sign Up and Log In buttons, and again after closing", async () => {
    serveApi({
      '/api/auth/user': () => Response.json({ message: 'Unauthorized' }, { status: 401 }),
      '/api/auth/providers': () => ({ google: false, apple: false }),
    });
    renderInApp(
      <>
        <Navbar />
        <LazyAuthDialog />
      </>,
    );
    const [signUp] = await screen.findAllByRole('button', { name: 'Sign Up' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(signUp!);
    const dialog = await screen.findByRole('dialog', {}, LOADS);
    expect(within(dialog).getByRole('heading', { name: 'Create Account' })).toBeTruthy();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const [logIn] = screen.getAllByRole('button', { name: 'Log In' });
    fireEvent.click(logIn!);
    expect(
      within(screen.getByRole('dialog')).getByRole('heading', { name: 'Welcome Back' }),
    ).toBeTruthy();
  });
});
