import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render-app';
import { AppRoutes } from './routes';

const renderAt = (path: string) => renderInApp(<AppRoutes />, path);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('while the auth status loads', () => {
  it('serves only / with a loading message, and no false 404 elsewhere', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderAt('/');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    cleanup();
    renderAt('/about');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });
});

describe('once signed out', () => {
  it('shows the landing page at / and the 404 page for a signed-in route', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"message":"Unauthorized"}', { status: 401 }))),
    );
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transform Your Digital Experience' }),
    ).toBeTruthy();
    cleanup();
    renderAt('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeTruthy();
  });
});
