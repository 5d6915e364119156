import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/auth.js';
import { subscribeToBasic } from '../support/payments.js';
import { PUBLIC_PAGES } from '../support/public-pages.js';

/** axe-core's serious and critical findings (WCAG 2.1 A and AA rules and best practices). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

for (const width of [1280, 390]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, heading] of PUBLIC_PAGES) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        if (path === '/how-to') await page.getByRole('button', { name: 'Getting started' }).click();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('the signed-in workspace has no serious or critical violations; its help links land', async ({
  page,
}) => {
  await signUp(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Use Sample Image' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Cat in Box/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Special Zones' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The workspace's help links open their How To sections.
  await page.getByRole('link', { name: 'Help: animation order' }).click();
  await expect(page).toHaveURL('/how-to#animation-order');
  await expect(page.getByRole('region', { name: 'Animation order' })).toBeVisible();
  await expect(page.locator('#animation-order')).toBeInViewport();
});

test('every control is reachable by keyboard with a visible focus ring', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Transform Your Digital Experience' }),
  ).toBeVisible();
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = style.boxShadow !== 'none' || style.outlineStyle !== 'none';
      return {
        name: `${el.tagName} ${el.textContent?.trim() ?? ''} ${el.getAttribute('aria-label') ?? ''}`,
        ring,
      };
    });
    if (!focused) continue;
    expect(focused.ring, `focus ring on ${focused.name}`).toBe(true);
    seen.add(focused.name);
  }
  for (const control of ['Try Now for Free', 'Pause demo video', 'See how it works']) {
    expect(
      [...seen].some((name) => name.includes(control)),
      control,
    ).toBe(true);
  }
});

test('the credits page has no serious or critical violations', async ({ page }) => {
  await signUp(page);
  await subscribeToBasic(page);
  await page.goto('/credits');
  await expect(page.getByRole('heading', { name: 'Buy Credits' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Credit History' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the three admin pages have no serious or critical violations', async ({ page }) => {
  await signUp(page, 'e2e-admin@example.com');
  await page.goto('/admin');
  await page.getByLabel('User email').fill('e2e-admin@example.com');
  await page.getByLabel('User email').press('Enter');
  await expect(page.getByTestId('user-details')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/admin/analytics');
  await expect(page.getByRole('region', { name: 'Top Pages' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/admin/users');
  await page.getByRole('button', { name: /e2e-admin@example\.com/ }).click();
  await expect(page.getByTestId('user-details')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
