import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from '../support/public-pages.js';

const SIGNED_IN_ONLY = ['/process', '/credits', '/admin', '/admin/analytics', '/admin/users'];

test.describe('route table for signed-out visitors', () => {
  for (const [path, heading] of PUBLIC_PAGES) {
    test(`${path} shows "${heading}"`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
    });
  }

  // A path of the signed-in table is a page the server serves (200) and the app hides from a
  // visitor; a path in no table is answered 404 by the server too.
  for (const [path, status] of [
    ...SIGNED_IN_ONLY.map((path) => [path, 200] as const),
    ['/nope', 404],
    ['/about/extra', 404],
  ] as const) {
    test(`${path} shows the 404 page, with status ${status}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expect(
        page.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
      ).toBeVisible();
      await expect(page).toHaveTitle('404 Page Not Found – Rasma');
    });
  }

  test('the 404 page leads back home', async ({ page }) => {
    await page.goto('/nope');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Transform Your Digital Experience' }),
    ).toBeVisible();
  });
});
