import { expect, test, type Page } from '@playwright/test';
import { mailContaining } from '../support/outbox.js';
import { shownToast } from '../support/toasts.js';
import { PUBLIC_PAGES } from '../support/public-pages.js';
import { stripeModeUrls } from '../support/stripe-mode.js';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test.describe('landing page', () => {
  test('shows the hero, the four showcases and the closing block', async ({ page }) => {
    await page.goto('/');
    await expect(h1(page, 'Transform Your Digital Experience')).toBeVisible();
    for (const title of [
      'Need it in color?',
      'Precise Control',
      'Edit any stroke',
      'Give it a voice',
    ]) {
      await expect(h2(page, title)).toBeVisible();
    }
    await expect(h2(page, 'Ready to Get Started?')).toBeVisible();
    const closing = page.locator('section', { has: h2(page, 'Ready to Get Started?') });
    await closing.getByRole('link', { name: 'Try Now for Free' }).click();
    await expect(h1(page, 'Try for Free')).toBeVisible();
  });

  test('the hero demo video plays; the showcases load theirs only when scrolled to', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const hero = page.getByRole('main').locator('video').first();
    await expect(hero).toHaveAttribute('src', /^\/demos\/.+\.mp4$/);
    await expect
      .poll(() => hero.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.5))
      .toBe(true);
    expect(await hero.evaluate((v: HTMLVideoElement) => v.muted && v.playsInline)).toBe(true);

    const lastShowcase = page
      .locator('section', { has: h2(page, 'Edit any stroke') })
      .locator('video');
    await expect(lastShowcase).not.toHaveAttribute('src');
    await lastShowcase.scrollIntoViewIfNeeded();
    await expect(lastShowcase).toHaveAttribute('src', /^\/demos\/.+\.mp4$/);
    await expect
      .poll(() => lastShowcase.evaluate((v: HTMLVideoElement) => v.currentTime > 0.5))
      .toBe(true);

    // Anyone can stop the motion.
    await page.getByRole('button', { name: 'Pause demo video' }).last().click();
    const stoppedAt = await lastShowcase.evaluate((v: HTMLVideoElement) => v.paused);
    expect(stoppedAt).toBe(true);
  });

  test('the voice showcase plays its demo with sound once asked to', async ({ page }) => {
    await page.goto('/');
    const showcase = page.locator('section', { has: h2(page, 'Give it a voice') });
    const video = showcase.locator('video');
    await video.scrollIntoViewIfNeeded();
    const sound = showcase.getByRole('button', { name: 'Sound' });
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await sound.click();
    await expect(sound).toHaveAttribute('aria-pressed', 'true');
    // Unmuted and playing, with audio actually decoded (Chromium counts the bytes it decodes).
    await expect
      .poll(() =>
        video.evaluate(
          (v: HTMLVideoElement & { webkitAudioDecodedByteCount?: number }) =>
            !v.muted && !v.paused && (v.webkitAudioDecodedByteCount ?? 0) > 0,
        ),
      )
      .toBe(true);
  });

  test('has a share preview, a favicon and a web manifest', async ({ page, request }) => {
    await page.goto('/');
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    expect(await meta('meta[property="og:title"]')).toBeTruthy();
    const image = await meta('meta[property="og:image"]');
    expect(image).toMatch(/\/og-image\.png$/);
    expect((await request.get(image ?? '')).headers()['content-type']).toBe('image/png');
    for (const rel of ['icon', 'manifest', 'apple-touch-icon']) {
      const href = await page.locator(`link[rel="${rel}"]`).first().getAttribute('href');
      const response = await request.get(href ?? '');
      expect(response.ok(), rel).toBe(true);
    }
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      name: string;
      icons: unknown[];
    };
    expect(manifest.name).toBe('Rasma');
    expect(manifest.icons.length).toBeGreaterThan(0);
  });
});

test.describe('about page', () => {
  test('describes the product, compares it with non-AI tools and leads to contact', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(h1(page, 'About Us')).toBeVisible();
    await expect(h2(page, 'What Rasma does')).toBeVisible();
    const table = page.getByRole('table', { name: /compared with drawing by hand/ });
    for (const column of ['Rasma', 'Drawing and filming by hand', 'Whiteboard-animation editors']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('rowheader', { name: 'Drawing skill needed' })).toBeVisible();
    await expect(h2(page, 'Our vision')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(h1(page, 'Contact Us')).toBeVisible();
  });
});

test.describe('how-to page', () => {
  const section = (page: Page, title: string) =>
    page.getByRole('region', { name: title, includeHidden: true });

  test('a hash opens its section, also when it changes on the page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/how-to#animation-order');
    await expect(section(page, 'Animation order')).toBeVisible();
    await expect(section(page, 'Animation order')).toContainText('Zone 1, then Zone 2');
    await expect(page.locator('#animation-order')).toBeInViewport();
    await expect(section(page, 'Uploading images')).toBeHidden();

    // Changed by hand (the address bar) ...
    await page.evaluate(() => (window.location.hash = '#uploading-images'));
    await expect(section(page, 'Uploading images')).toBeVisible();
    await expect(section(page, 'Uploading images')).toContainText('under 10MB');
    await expect(page.locator('#uploading-images')).toBeInViewport();

    // ... and by a link on the page.
    await page
      .getByRole('navigation', { name: 'Topics' })
      .getByRole('link', { name: 'Animation direction' })
      .click();
    await expect(page).toHaveURL('/how-to#animation-direction');
    await expect(section(page, 'Animation direction')).toBeVisible();
    await expect(page.locator('#animation-direction')).toBeInViewport();
  });

  test('sections open and close with their buttons, and the page leads to try-now', async ({
    page,
  }) => {
    await page.goto('/how-to');
    await expect(h1(page, 'How To')).toBeVisible();
    const topics = page.getByRole('navigation', { name: 'Topics' });
    // The spec's seven listed topics, Editing strokes, Voice-over and music, and Stories.
    await expect(topics.getByRole('link')).toHaveCount(10);
    await expect(topics.getByRole('link', { name: 'Editing strokes' })).toHaveCount(1);
    await expect(topics.getByRole('link', { name: 'Voice-over and music' })).toHaveCount(1);
    await expect(
      topics.getByRole('link', { name: 'Stories: scenes, transitions and text' }),
    ).toHaveCount(1);
    await expect(topics.getByRole('link', { name: /Choosing and preparing/ })).toHaveCount(0);

    const button = page.getByRole('button', { name: 'Choosing and preparing an image' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(section(page, 'Choosing and preparing an image')).toContainText(
      'Clear line art with high contrast',
    );
    await button.click();
    await expect(section(page, 'Choosing and preparing an image')).toBeHidden();

    await page.getByRole('link', { name: 'Start Creating Videos' }).click();
    await expect(h1(page, 'Try for Free')).toBeVisible();
  });
});

test('try-now offers the sample images', async ({ page }) => {
  await page.goto('/try-now');
  await expect(h1(page, 'Try for Free')).toBeVisible();
  await page.getByRole('button', { name: 'Use Sample Image' }).click();
  const dialog = page.getByRole('dialog');
  for (const sample of ['Strong Character', 'Cat in Box', 'Portrait Sketch']) {
    await expect(dialog.getByRole('button', { name: new RegExp(sample) })).toBeVisible();
  }
});

test.describe('every public page', () => {
  for (const [path, heading] of PUBLIC_PAGES) {
    test(`${path}: one h1, its own title and description`, async ({ page }) => {
      await page.goto(path);
      await expect(h1(page, heading)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(/ – Rasma$/);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(40);
    });
  }

  test('titles and descriptions differ between pages', async ({ page }) => {
    const seen = new Set<string>();
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(h1(page, heading)).toBeVisible();
      await expect(page).toHaveTitle(/ – Rasma$/);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      seen.add(`${await page.title()}|${description}`);
    }
    expect(seen.size).toBe(PUBLIC_PAGES.length);
  });
});

test.describe('on a phone (390 px wide)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [path, heading] of PUBLIC_PAGES) {
    test(`${path}: fits the screen and its menu opens, leads on and closes`, async ({ page }) => {
      await page.goto(path);
      await expect(h1(page, heading)).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);

      const menu = page.getByRole('dialog', { name: 'Menu', includeHidden: true });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeInViewport();
      const [label, target, targetHeading] =
        path === '/about' ? ['How To', '/how-to', 'How To'] : ['About us', '/about', 'About Us'];
      await menu.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(target);
      await expect(h1(page, targetHeading)).toBeVisible();
      await expect(menu).not.toBeInViewport();
    });
  }
});

test.describe('terms and privacy', () => {
  test('the terms are dated and link to the privacy policy', async ({ page }) => {
    await page.goto('/terms');
    await expect(h1(page, 'Terms of Service')).toBeVisible();
    await expect(page.getByText('Last updated January 26, 2025')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(h1(page, 'Privacy Policy')).toBeVisible();
  });

  test('the privacy policy has its 12 sections, key claims and the support address', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByText('Last updated January 26, 2025')).toBeVisible();
    const contents = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
    await expect(contents).toHaveText([
      'Information we collect',
      'How we use your information',
      'Data processing and AI',
      'Data retention',
      'Information sharing',
      'Data security',
      'Third-party services',
      'Your rights',
      'International data transfers',
      'Children’s privacy',
      'Changes to this policy',
      'Contact us',
    ]);
    const main = page.getByRole('main');
    for (const claim of [
      'The uploaded image is deleted as soon as its video has been generated',
      'Temporary files made while processing are deleted within 24 hours',
      'not used to train AI models without your explicit consent',
      'stay in your library until you delete them',
      'we never see or store them',
      'not for children under 13',
      'no cookie is set for this',
    ]) {
      await expect(main.getByText(claim)).toBeVisible();
    }
    const support = main.getByRole('link', { name: /^support@/ }).first();
    await expect(support).toHaveAttribute('href', /^mailto:support@/);
  });
});

test('in production without SUPPORT_EMAIL the legal pages name the contact form, no address', async ({
  page,
}) => {
  // The Stripe-mode server runs in production with no support address configured.
  await page.goto(`${stripeModeUrls().server}/privacy`);
  const main = page.getByRole('main');
  await expect(main.getByText('by writing to us through our contact form.')).toBeVisible();
  await expect(main.locator('a[href^="mailto:"]')).toHaveCount(0);
  await main.getByRole('link', { name: 'contact form' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
});

test.describe('contact form', () => {
  test('an empty message is refused with a toast', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByText('within 24 hours on business days')).toBeVisible();
    await page.getByLabel('Message').fill('   ');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(shownToast(page)).toContainText('Please write a message before sending.');
  });

  test('a message is sent to support, with replies to the sender', async ({ page }) => {
    await page.goto('/privacy');
    const supportEmail = await page
      .getByRole('main')
      .getByRole('link', { name: /^support@/ })
      .first()
      .innerText();

    await page.goto('/contact');
    const text = `Please add a pencil style ${Date.now()}`;
    await page.getByLabel('Email (optional)').fill('fan@example.com');
    await page.getByLabel('Message').fill(text);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(shownToast(page)).toContainText('Message Sent');
    await expect(page.getByLabel('Message')).toHaveValue('');

    const mail = await mailContaining(text);
    expect(mail).toContain(`To: ${supportEmail}`);
    expect(mail).toMatch(/^Reply-To: fan@example\.com$/m);
  });
});

test.describe('on the narrowest phones (360 px wide)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no public page is wider than the screen', async ({ page }) => {
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(h1(page, heading)).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });
});
