import type { AdminAnalytics, FailedVideo, UserLookupResponse } from '@rasma/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render-app';
import { requestsTo, serveApi } from '@/test/serve-api';
import { AdminPage } from './dashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (videoStats: AdminAnalytics['videoStats']): AdminAnalytics => ({
  totalUsers: 12,
  videoStats,
});
const FAILED: FailedVideo[] = [
  {
    id: 'v1',
    title: 'Broken cat',
    email: 'owner@example.com',
    creditsUsed: 10,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];
const FOUND: UserLookupResponse = {
  user: {
    id: 'u1',
    email: 'a@b.com',
    firstName: 'Ann',
    lastName: null,
    credits: 40,
    creditsUsedThisCycle: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    subscriptionTier: 'plus',
    subscriptionStatus: 'active',
    cycleStartDate: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
  },
  plan: {
    subscriptionTier: 'plus',
    pendingSubscriptionTier: null,
    subscriptionStatus: 'active',
    subscriptionEndsAt: null,
    subscriptionEndDate: '2026-02-01T00:00:00.000Z',
    cycleStartDate: '2026-01-01T00:00:00.000Z',
    creditsUsedThisCycle: 0,
  },
  stats: { totalVideos: 0, completedVideos: 0, failedVideos: 0, processingVideos: 0 },
  videos: [],
  paymentHistory: [],
  subscriptionInfo: { currentSubscriptions: [], paymentMethods: [], stripeCustomerId: null },
};

describe('the admin dashboard', () => {
  it('shows the counts, the success rate as a rounded percent and the failed videos', async () => {
    serveApi({
      '/api/admin/analytics': () => summary({ completed: 2, failed: 1, processing: 0 }),
      '/api/admin/failed-videos': () => FAILED,
    });
    renderInApp(<AdminPage />, '/admin');
    expect(await screen.findByText('67%')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(await screen.findByText('Recent Failed Videos')).toBeTruthy();
    expect(screen.getByText('Broken cat')).toBeTruthy();
    expect(screen.getByText('owner@example.com')).toBeTruthy();
  });

  it('shows N/A without videos and no failed-videos card', async () => {
    serveApi({
      '/api/admin/analytics': () => summary({ completed: 0, failed: 0, processing: 0 }),
      '/api/admin/failed-videos': () => [],
    });
    renderInApp(<AdminPage />, '/admin');
    expect(await screen.findByText('N/A')).toBeTruthy();
    expect(screen.queryByText('Recent Failed Videos')).toBeNull();
  });

  it('looks a user up by the trimmed e-mail on Enter, and does nothing for a blank one', async () => {
    const fetchMock = serveApi({
      '/api/admin/analytics': () => summary({ completed: 0, failed: 0, processing: 0 }),
      '/api/admin/failed-videos': () => [],
      '/api/admin/user/a%40b.com': () => FOUND,
    });
    renderInApp(<AdminPage />, '/admin');
    const email = screen.getByLabelText('User email');
    await userEvent.type(email, '   {Enter}');
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/admin/user/'))).toBe(false);
    await userEvent.clear(email);
    await userEvent.type(email, '  a@b.com {Enter}');
    expect(await screen.findByText('PLUS')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/user/a%40b.com')).toHaveLength(1);
    expect(screen.getByTestId('user-credits').textContent).toBe('40');
  });

  it('shows Access Denied for the dashboard when the server refuses', async () => {
    const denied = () =>
      Response.json({ message: 'Admin access required', code: 'FORBIDDEN' }, { status: 403 });
    serveApi({ '/api/admin/analytics': denied, '/api/admin/failed-videos': denied });
    renderInApp(<AdminPage />, '/admin');
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(
      screen.getByText('Only authorized administrators can access the admin dashboard.'),
    ).toBeTruthy();
  });
});
