import { expect, test, type Page } from '@playwright/test';

const toastRegion = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const shownToasts = (page: Page) => toastRegion(page).locator('li');
/** Longer than a dismissed toast takes to leave the page, exit animation included. */
const SETTLE_MS = 1000;

test('at most one toast is shown: the newest replaces the previous one', async ({ page }) => {
  await page.goto('/contact');

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(shownToasts(page)).toHaveText(['Please write a message before sending.']);

  await page.getByLabel('Message').fill('  Please add a watercolour style.  ');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(shownToasts(page)).toHaveCount(1);
  await expect(shownToasts(page)).toContainText('Message Sent');
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test('F8 focuses the toasts and a toast can be swiped away to the right', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const toast = shownToasts(page);
  await expect(toast).toHaveCount(1);

  await page.keyboard.press('F8');
  await expect(toastRegion(page).locator('ol')).toBeFocused();

  const box = await toast.boundingBox();
  if (!box) throw new Error('toast has no box');
  const y = box.y + box.height / 2;
  // Under the 50 px threshold the toast springs back and stays open.
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 50, y, { steps: 5 });
  await page.mouse.up();
  // Had the swipe dismissed it, it would be gone once its exit ends: wait past that, so that
  // the checks below fail for a dismissed toast.
  await page.waitForTimeout(SETTLE_MS);
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute('data-state', 'open');
  expect((await toast.boundingBox())?.x).toBe(box.x);

  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, y, { steps: 5 });
  await page.mouse.move(box.x + 120, y, { steps: 5 });
  await page.mouse.up();
  await expect(toast).toHaveCount(0);
});
