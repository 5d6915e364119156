import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/auth.js';

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('the app runs under its Content-Security-Policy with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

  for (const path of [
    '/about',
    '/how-to',
    '/contact',
    '/try-now',
    '/terms',
    '/privacy',
    '/developers',
    '/nope',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations()).toEqual([]);
  }
  // Signing in opens the dialog (which injects its scroll-lock style) and loads the workspace.
  await signUp(page);
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});
