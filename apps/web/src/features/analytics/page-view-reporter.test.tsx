import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter } from 'react-router';
import { PageViewReporter } from './page-view-reporter';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the page-view reporter', () => {
  it('sends a beacon for each route change, with the referrer on the first only, never for admin pages', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://news.example.org/');
    render(
      <MemoryRouter initialEntries={['/about']}>
        <PageViewReporter />
        <Link to="/how-to">How To</Link>
        <Link to="/admin/users">Users</Link>
        <Link to="/">Home</Link>
      </MemoryRouter>,
    );
    for (const name of ['How To', 'Users', 'Home']) {
      await userEvent.click(screen.getByRole('link', { name }));
    }
    expect(sendBeacon.mock.calls).toEqual([
      ['/api/analytics/page-view', '{"path":"/about","referrer":"https://news.example.org/"}'],
      ['/api/analytics/page-view', '{"path":"/how-to"}'],
      ['/api/analytics/page-view', '{"path":"/"}'],
    ]);
  });
});
