import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER } from '@/test/fixtures';
import { renderInApp } from '@/test/render-app';
import { Navbar } from './navbar';

/** Answers /api/auth/user with a user and /api/credits with `credits` (or never, when pending). */
function serve(credits: Promise<unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url === '/api/auth/user'
        ? Promise.resolve(Response.json(USER))
        : credits.then((body) => Response.json(body)),
    ),
  );
}

const renderNavbar = () => renderInApp(<Navbar />);
/** The button's code, the contract's schemas with it, loads on sign-in: slowly on a busy machine. */
const LOADS = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Credits button of the signed-in navigation', () => {
  it('shows ... while the balance loads', async () => {
    serve(new Promise(() => {}));
    renderNavbar();
    expect(await screen.findAllByRole('link', { name: 'Credits: ...' }, LOADS)).not.toHaveLength(0);
  });

  it('shows the balance as a whole number', async () => {
    serve(Promise.resolve({ credits: 42 }));
    renderNavbar();
    const [link] = await screen.findAllByRole('link', { name: 'Credits: 42' }, LOADS);
    expect(link?.getAttribute('href')).toBe('/credits');
  });

  it('shows 0 when there is no balance', async () => {
    serve(Promise.resolve({}));
    renderNavbar();
    expect(await screen.findAllByRole('link', { name: 'Credits: 0' }, LOADS)).not.toHaveLength(0);
  });
});

describe('the Account link of the signed-in navigation', () => {
  it('leads to the account page, in the bar and in the phone menu', async () => {
    serve(new Promise(() => {}));
    renderNavbar();
    // The phone menu is hidden until opened: its link counts too.
    const links = await screen.findAllByRole('link', { name: 'Account', hidden: true }, LOADS);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/account', '/account']);
  });
});
