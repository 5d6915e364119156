import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { completeEmailSignIn, signUp, uniqueEmail } from '../support/auth.js';
import { latestCodeFor } from '../support/outbox.js';
import { shownToast } from '../support/toasts.js';

test.use({ viewport: { width: 1280, height: 800 } });

test('a visitor signs up with an e-mail code and lands in the workspace', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  // No provider keys on the test server: the buttons are disabled with a hint, not broken links.
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled();

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(shownToast(page)).toContainText(`Check your email at ${email} for the 6-digit code`);
  await expect(dialog.getByText(/spam folder.*1-2 minutes/)).toBeVisible();

  const verifyButton = dialog.getByRole('button', { name: 'Verify & Sign In' });
  await expect(verifyButton).toBeDisabled();
  await dialog.getByLabel('Verification code').fill(await latestCodeFor(email));
  await verifyButton.click();

  await expect(shownToast(page)).toContainText('Your account has been verified successfully');
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create a Sketch Video' }),
  ).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Create' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Credits: 40' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log Out' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
});

test('the dialog validates input as the spec says', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Log In' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address');
  await dialog.getByLabel('Email').fill('not-an-email');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address');

  const email = uniqueEmail('validation');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  const codeField = dialog.getByLabel('Verification code');
  await codeField.pressSequentially('12ab34-56789');
  await expect(codeField).toHaveValue('123456');

  const code = await latestCodeFor(email);
  const wrong = code === '000000' ? '111111' : '000000';
  await codeField.fill(wrong);
  await dialog.getByRole('button', { name: 'Verify & Sign In' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid verification code. 4 attempts left.');
  await expect(shownToast(page)).toContainText('Verification failed');
  await codeField.fill('1');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Verify & Sign In' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Back to email entry' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(dialog.getByLabel('Verification code')).toHaveValue('');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign Up' })
    .click();
  await expect(page.getByRole('dialog').getByLabel('Email')).toHaveValue('');
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Create Account' }),
  ).toBeVisible();
});

test('try-now keeps the image through sign-in and hands it to the workspace', async ({ page }) => {
  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3355aa' } })
    .png()
    .toBuffer();
  await page.goto('/try-now');
  await expect(page.getByRole('heading', { level: 1, name: 'Try for Free' })).toBeVisible();
  await page
    .getByLabel('Choose an image file')
    .setInputFiles({ name: 'my-drawing.png', mimeType: 'image/png', buffer: png });

  // /api/login without a provider opens the dialog: to sign up, as nobody signed in from this
  // browser yet, with the kept image shown.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  const thumbnail = dialog.getByRole('img', { name: 'Your image my-drawing.png' });
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80);
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('rasma.tryNow.fileName'))).toBe(
    'my-drawing.png',
  );

  await completeEmailSignIn(page, uniqueEmail('trynow'));
  const restored = page.getByRole('img', { name: 'my-drawing.png' });
  await expect(restored).toBeVisible();
  expect(
    await restored.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
  ).toEqual([80, 60]);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('rasma.tryNow')),
    ),
  ).toEqual([]);

  // Signed in, /try-now goes straight to the workspace.
  await page.goto('/try-now');
  await expect(page).toHaveURL('/');

  // Once signed out, this browser's next sign-in is a returning one.
  await page.goto('/api/logout');
  await page.goto('/api/login');
  await expect(dialog.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('try-now refuses files that are not images', async ({ page }) => {
  await page.goto('/try-now');
  await page
    .getByLabel('Choose an image file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByRole('alert')).toContainText(
    '“notes.txt” is not a JPG, PNG, WebP or GIF image.',
  );
  await expect(page).toHaveURL('/try-now');
});

test('Log Out ends the session and shows the visitor view', async ({ page }) => {
  await signUp(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Log Out' })
    .click();
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Transform Your Digital Experience' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Up' }),
  ).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});
