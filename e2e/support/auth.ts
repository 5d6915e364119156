import { expect, type Page } from '@playwright/test';
import { latestCodeFor } from './outbox.js';

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/** Signs in through the auth dialog (already open) with a code read from the outbox. */
export async function completeEmailSignIn(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await dialog.getByLabel('Verification code').fill(await latestCodeFor(email));
  await dialog.getByRole('button', { name: 'Verify & Sign In' }).click();
  await expect(dialog).toHaveCount(0);
}

export async function signUp(page: Page, email = uniqueEmail('user')): Promise<string> {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign Up' })
    .click();
  await completeEmailSignIn(page, email);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create a Sketch Video' }),
  ).toBeVisible();
  return email;
}
