import { expect, test } from '@playwright/test';

test.describe('top navigation (signed out, wide screen)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('links go to their pages without a full reload', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Create' })).toHaveCount(0);

    const links = [
      ['About us', '/about', 'About Us'],
      ['How To', '/how-to', 'How To'],
      ['Contact us', '/contact', 'Contact Us'],
      ['Suggest a Feature', '/contact', 'Contact Us'],
      ['Try Now for Free', '/try-now', 'Try for Free'],
    ] as const;
    for (const [label, path, heading] of links) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Rasma home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('Sign Up and Log In open the auth dialog in their modes, with a toggle', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await nav.getByRole('button', { name: 'Log In' }).click();
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'Welcome Back' }),
    ).toBeVisible();
  });
});

test.describe('mobile menu (small screen)', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('toggles open and closed, and choosing a link closes it', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('dialog', { name: 'Menu', includeHidden: true });
    await expect(page.getByRole('link', { name: 'Try Now', exact: true })).toBeVisible();
    await expect(menu).not.toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeInViewport();
    await expect(menu.getByRole('link', { name: 'About us' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Sign Up' })).toBeVisible();

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).not.toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'How To' }).click();
    await expect(page).toHaveURL('/how-to');
    await expect(page.getByRole('heading', { level: 1, name: 'How To' })).toBeVisible();
    await expect(menu).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
