import { expect, type Page } from '@playwright/test';

/** Pays the open payment dialog's `amount` with one of the test provider's cards. */
export async function payWithTestCard(page: Page, cardNumber: string, amount: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Amount due: ${amount}`)).toBeVisible();
  await dialog.getByLabel('Card number').fill(cardNumber);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/39');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
}

/** Moves the signed-in user to the Basic plan with the test card; ends back in the workspace. */
export async function subscribeToBasic(page: Page) {
  await page.goto('/credits');
  await page
    .getByRole('region', { name: 'Basic plan' })
    .getByRole('button', { name: 'Choose Basic' })
    .click();
  await payWithTestCard(page, '4242 4242 4242 4242', '$11.00');
  await expect(page).toHaveURL('/');
}
