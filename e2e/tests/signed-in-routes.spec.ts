import { expect, test } from '@playwright/test';
import { signUp } from '../support/auth.js';

test.use({ viewport: { width: 1280, height: 800 } });

test('a signed-in user gets every route of the signed-in table', async ({ page }) => {
  await signUp(page);
  const pages = [
    ['/', 'Create a Sketch Video'],
    ['/process', 'Processing'],
    ['/about', 'About Us'],
    ['/how-to', 'How To'],
    ['/contact', 'Contact Us'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/developers', 'Developers'],
    ['/credits', 'Credits & Subscriptions'],
    ['/account', 'Account'],
    // The admin pages are registered for everyone; the server refuses a non-admin (admin.spec.ts).
    ['/admin', 'Access Denied'],
    ['/admin/analytics', 'Access Denied'],
    ['/admin/users', 'Access Denied'],
  ] as const;
  const titles = new Set<string>();
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(/ – Rasma$/);
    titles.add(await page.title());
  }
  // Each page its own title (the three admin pages show one Access Denied panel, under theirs).
  expect(titles.size).toBe(pages.length);
  await page.goto('/try-now');
  await expect(page).toHaveURL('/');
  await page.goto('/nope');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Credits: 40' }).click();
  await expect(page).toHaveURL('/credits');
  await nav.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL('/');
});
