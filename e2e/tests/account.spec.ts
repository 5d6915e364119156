import { expect, request as newRequest, test } from '@playwright/test';
import { signUp } from '../support/auth.js';

test.describe('the account page', () => {
  test('makes an API token that works from outside the browser, once copied, until it is revoked', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page);
    // A fresh page: the sign-in's own move to / half a second later would leave the account page.
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Account' })
      .click();
    await expect(page).toHaveURL('/account');
    const section = page.getByRole('region', { name: 'API tokens' });
    await expect(section.getByText('No API tokens yet.')).toBeVisible();

    await section.getByLabel('Token name').fill('Nightly job');
    await section.getByLabel(/^Read videos/).check();
    await section.getByRole('button', { name: 'Create token' }).click();
    const notice = section.getByRole('region', { name: 'Your new API token' });
    await expect(notice).toContainText('it will not be shown again');
    await notice.getByRole('button', { name: 'Copy token' }).click();
    await expect(notice.getByRole('status')).toHaveText('Copied.');
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toMatch(/^rasma_pat_/);
    await expect(section.getByRole('list', { name: 'API tokens' })).toContainText('Never used');

    // A client of its own: no cookie, only the token.
    const client = await newRequest.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    expect((await client.get('/api/videos')).status()).toBe(200);

    await section.getByRole('button', { name: 'Revoke Nightly job' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(section.getByText('No API tokens yet.')).toBeVisible();
    expect((await client.get('/api/videos')).status()).toBe(401);
    await client.dispose();
  });
});
