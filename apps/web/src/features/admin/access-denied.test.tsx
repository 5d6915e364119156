import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/routes';
import { USER } from '@/test/fixtures';
import { renderInApp } from '@/test/render-app';
import { serveApi } from '@/test/serve-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const adminCalls = (fetchMock: ReturnType<typeof serveApi>) =>
  fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/admin'));

describe('the admin routes', () => {
  it.each([
    ['/admin', 'the admin dashboard'],
    ['/admin/analytics', 'website analytics'],
    ['/admin/users', 'user management'],
  ])(
    'give a signed-in non-admin Access Denied at %s without loading the admin page',
    async (path, area) => {
      const fetchMock = serveApi({ '/api/auth/user': () => USER });
      renderInApp(<AppRoutes />, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
      expect(screen.getByText(`Only authorized administrators can access ${area}.`)).toBeTruthy();
      expect(adminCalls(fetchMock)).toEqual([]);
    },
  );

  it('load the dashboard for an administrator', async () => {
    const fetchMock = serveApi({
      '/api/auth/user': () => ({ ...USER, isAdmin: true }),
      '/api/admin/analytics': () => ({
        totalUsers: 1,
        videoStats: { completed: 0, failed: 0, processing: 0 },
      }),
      '/api/admin/failed-videos': () => [],
    });
    renderInApp(<AppRoutes />, '/admin');
    // The page's code, the contract's schemas with it, loads on the visit: slowly on a busy machine.
    const heading = { level: 1, name: 'Admin Dashboard' } as const;
    expect(await screen.findByRole('heading', heading, { timeout: 5000 })).toBeTruthy();
    // Its queries start once it has rendered.
    await waitFor(() => expect(adminCalls(fetchMock).length).toBeGreaterThan(0));
  });
});
