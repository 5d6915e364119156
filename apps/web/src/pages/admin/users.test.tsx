import type { AdminUser, AdminUsersPage as UsersPage } from '@rasma/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render-app';
import { requestsTo, serveApi } from '@/test/serve-api';
import { AdminUsersPage } from './users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (n: number): AdminUser => ({
  id: `id-${n}`,
  email: `user${n}@example.com`,
  firstName: null,
  lastName: null,
  credits: 10,
  creditsUsedThisCycle: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  subscriptionTier: 'free',
  subscriptionStatus: 'active',
  cycleStartDate: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
});

const pageOf = (total: number, page: number): UsersPage => {
  const totalPages = Math.max(1, Math.ceil(total / 200));
  const count = Math.max(0, Math.min(200, total - (page - 1) * 200));
  return {
    users: Array.from({ length: count }, (_, i) => user((page - 1) * 200 + i + 1)),
    currentPage: page,
    totalPages,
    totalUsers: total,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
  };
};
const url = (page: number) => `/api/admin/users?page=${page}&limit=200`;

describe('the user list page', () => {
  it('shows 10 skeleton rows while the first page loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderInApp(<AdminUsersPage />, '/admin/users');
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
  });

  it('says No users found for an empty list', async () => {
    serveApi({ [url(1)]: () => pageOf(0, 1) });
    renderInApp(<AdminUsersPage />, '/admin/users');
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1 (0 total users)')).toBeTruthy();
    expect(screen.getByText('Showing 0 to 0 of 0 users')).toBeTruthy();
  });

  // A full page of 200 rows renders slowly in jsdom on a busy machine: a longer time limit.
  it('takes a page number only between 1 and the last page', async () => {
    const fetchMock = serveApi({
      [url(1)]: () => pageOf(201, 1),
      [url(2)]: () => pageOf(201, 2),
    });
    renderInApp(<AdminUsersPage />, '/admin/users');
    // 200 rows take seconds to render in jsdom on a busy machine.
    const rendered = { timeout: 10_000 };
    expect(await screen.findByText('Page 1 of 2 (201 total users)', {}, rendered)).toBeTruthy();
    expect(screen.getByText('Showing 1 to 200 of 201 users')).toBeTruthy();

    const pageNumber = screen.getByLabelText('Go to page');
    const goTo = (page: string) => {
      fireEvent.change(pageNumber, { target: { value: page } });
      fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    };
    for (const outside of ['3', '0']) {
      goTo(outside);
      expect(screen.getByText('Page 1 of 2 (201 total users)')).toBeTruthy();
    }
    goTo('2');
    expect(await screen.findByText('Page 2 of 2 (201 total users)', {}, rendered)).toBeTruthy();
    expect(screen.getByText('Showing 201 to 201 of 201 users')).toBeTruthy();
    expect(requestsTo(fetchMock, url(2))).toHaveLength(1);
    expect(fetchMock.mock.calls.map(([called]) => called)).not.toContain(url(3));
  }, 30_000);

  it('shows Access Denied, worded for user management, when the server refuses', async () => {
    serveApi({
      [url(1)]: () =>
        Response.json({ message: 'Admin access required', code: 'FORBIDDEN' }, { status: 403 }),
    });
    renderInApp(<AdminUsersPage />, '/admin/users');
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(
      screen.getByText('Only authorized administrators can access user management.'),
    ).toBeTruthy();
  });
});
