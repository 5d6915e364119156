import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/auth.js';
import { payWithTestCard, subscribeToBasic } from '../support/payments.js';
import { shownToast } from '../support/toasts.js';

test.use({ viewport: { width: 1280, height: 900 } });

const balanceLink = (page: Page, credits: number) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Credits: ${credits}` });

test('a free user upgrades to basic with the test card, then buys a pack', async ({ page }) => {
  await signUp(page);
  await page.goto('/credits');
  await expect(page.getByText('Test mode:', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('current-tier')).toHaveText('FREE');
  await expect(page.getByRole('heading', { name: 'Buy Credits' })).toHaveCount(0);
  const basic = page.getByRole('region', { name: 'Basic plan' });
  await expect(basic.getByText('$11.00')).toBeVisible();
  await expect(basic.getByText('400 credits a month')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Plus plan' }).getByText('Most Popular'),
  ).toBeVisible();

  await basic.getByRole('button', { name: 'Choose Basic' }).click();
  await payWithTestCard(page, '4242 4242 4242 4242', '$11.00');
  await expect(shownToast(page)).toContainText('Payment Successful!');
  // The test provider credits the payment as it confirms it: the toast says they have arrived.
  await expect(shownToast(page)).toContainText('400 credits added: your balance is now 440.');
  // Spec 4: the app goes home 2 s after a payment, with the balance refetched meanwhile.
  await expect(page).toHaveURL('/');
  await expect(balanceLink(page, 440)).toBeVisible();

  await page.goto('/credits');
  await expect(page.getByTestId('current-tier')).toHaveText('BASIC');
  await expect(page.getByText('Renews on')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Buy Credits' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Plan' })).toBeVisible();

  // A declined card shows the provider's reason and adds nothing; the good card then pays.
  await page.getByRole('button', { name: '50 credits · $25.00' }).click();
  await payWithTestCard(page, '4000 0000 0000 0002', '$25.00');
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Your card was declined.');
  await payWithTestCard(page, '4242 4242 4242 4242', '$25.00');
  await expect(page).toHaveURL('/');
  // 440 + 50: the declined attempt added nothing.
  await expect(balanceLink(page, 490)).toBeVisible();
});

test('the custom amount takes digits only, defaults to 20 and is limited to 10-100,000; choosing Free asks first', async ({
  page,
}) => {
  await signUp(page);
  await subscribeToBasic(page);
  await page.goto('/credits');

  const amount = page.getByLabel('Custom amount');
  await expect(page.getByText('From 10 to 100,000 credits.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy 20 credits · $10.00' })).toBeEnabled();
  await amount.fill('9');
  await expect(page.getByRole('button', { name: 'Buy 9 credits · $4.50' })).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveText('Buy at least 10 credits.');
  await amount.fill('100001');
  await expect(page.getByRole('alert')).toHaveText('At most 100,000 credits at a time.');
  await expect(page.getByRole('button', { name: /^Buy 100,001 credits/ })).toBeDisabled();
  await amount.fill('');
  await amount.pressSequentially('1a5');
  await expect(amount).toHaveValue('15');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Buy 15 credits · $7.50' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Amount due: $7.50')).toBeVisible();
  // The expiry is formatted as it is typed.
  await dialog.getByLabel('Expiry (MM/YY)').pressSequentially('1239');
  await expect(dialog.getByLabel('Expiry (MM/YY)')).toHaveValue('12/39');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Choosing Free asks first, saying what happens and when; keeping the plan changes nothing.
  const renews = await page
    .getByText('Renews on')
    .locator('xpath=following-sibling::dd')
    .innerText();
  await page.getByRole('button', { name: 'Change Plan' }).click();
  await page
    .getByRole('region', { name: 'Free plan' })
    .getByRole('button', { name: 'Choose Free' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Move to Free?' });
  await expect(confirm).toContainText(`you keep Basic until its period ends on ${renews}`);
  await expect(confirm).toContainText('20 credits a week');
  await confirm.getByRole('button', { name: 'Keep Basic' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('Your plan is cancelled')).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel Plan' }).click();
  await confirm.getByRole('button', { name: `Move to Free on ${renews}` }).click();
  await expect(shownToast(page)).toContainText('Subscription Change Scheduled');
  await expect(
    page.getByText(`Your plan is cancelled: you move to Free on ${renews}.`),
  ).toBeVisible();
});
