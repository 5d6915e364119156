import { expect, test, type Browser } from '@playwright/test';
import { completeEmailSignIn, signUp, uniqueEmail } from '../support/auth.js';
import { shownToast } from '../support/toasts.js';

test.use({ viewport: { width: 1280, height: 900 } });

/** A person in their own browser context (own cookies), signed up as `email`. */
async function personIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, email);
  return { page, close: () => context.close() };
}

test('a normal user sees Access Denied on all three admin pages, and no Admin link', async ({
  page,
}) => {
  await signUp(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'About us' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const pages = [
    ['/admin', 'the admin dashboard'],
    ['/admin/analytics', 'website analytics'],
    ['/admin/users', 'user management'],
  ] as const;
  for (const [path, area] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText("You don't have admin privileges to access this page."),
    ).toBeVisible();
    await expect(
      page.getByText(`Only authorized administrators can access ${area}.`),
    ).toBeVisible();
  }
});

test('an admin looks a user up, adds 5 credits and sees the new balance', async ({
  page,
  browser,
}) => {
  const customerEmail = uniqueEmail('customer');
  const customer = await personIn(browser, customerEmail);
  await customer.close();

  await signUp(page, 'e2e-admin@example.com');
  // An administrator reaches the admin area from the navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Admin Dashboard – Rasma');
  await expect(page.getByText('Video Success Rate')).toBeVisible();

  await page.getByLabel('User email').fill(`  ${customerEmail.toUpperCase()}  `);
  await page.getByLabel('User email').press('Enter');
  const details = page.getByTestId('user-details');
  await expect(details.getByText(customerEmail, { exact: true })).toBeVisible();
  await expect(details.getByTestId('user-credits')).toHaveText('40');

  await page.getByRole('button', { name: '+5 Credits' }).click();
  const toast = shownToast(page);
  await expect(toast).toContainText('Refund Successful');
  await expect(toast).toContainText(`Added 5 credits to ${customerEmail}`);
  await expect(details.getByTestId('user-credits')).toHaveText('45');

  // The custom amount refuses what is not a whole number above 0.
  await page.getByLabel('Custom amount').fill('0');
  await page.getByRole('button', { name: 'Add Credits' }).click();
  await expect(toast).toContainText('Invalid Amount');
  await expect(toast).toContainText('Please enter a valid number of credits');
  await expect(details.getByTestId('user-credits')).toHaveText('45');
});

test('the analytics page shows the visits the test made, with its charts drawn', async ({
  page,
  browser,
}) => {
  // A visitor of its own (another browser): their latest page is the one they end on.
  const visitor = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 RasmaE2E',
  });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/about');
  // Beacons are sent in the background: the visitor leaves once the server has stored the last.
  const howToCounted = visitorPage.waitForResponse(
    (res) =>
      res.url().endsWith('/api/analytics/page-view') &&
      (res.request().postData() ?? '').includes('/how-to'),
  );
  await visitorPage.getByRole('link', { name: 'How To' }).first().click();
  await expect(visitorPage).toHaveURL('/how-to');
  expect(await (await howToCounted).json()).toEqual({ recorded: true });
  await visitor.close();

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Log In' })
    .click();
  await completeEmailSignIn(page, 'e2e-analytics-admin@example.com');
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Website Analytics' })).toBeVisible();
  await expect(page).toHaveTitle('Website Analytics – Rasma');
  await expect(page.getByLabel('Time range')).toHaveValue('24h');
  await expect(
    page.getByText(/^Visits from headless and scripted browsers .* are not counted\.$/),
  ).toBeVisible();

  const recent = page.getByRole('list', { name: 'Recent visitors' });
  await expect(recent.getByText('/how-to').first()).toBeVisible();
  const topPages = page.getByRole('region', { name: 'Top Pages' });
  await expect(topPages.getByText('/about')).toBeVisible();
  await expect(topPages.getByText('/how-to')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Devices' }).getByText('Desktop')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Browsers' }).getByText('Chrome')).toBeVisible();

  const chart = page.getByTestId('trend-chart');
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.getByLabel('Time range').selectOption('7d');
  await expect(page.getByRole('region', { name: 'Daily Trend' })).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
});
