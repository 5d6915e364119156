import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/auth.js';
import { subscribeToBasic } from '../support/payments.js';
import { PUBLIC_PAGES } from '../support/public-pages.js';
import { paint, useCatSample, zoneCanvas } from '../support/workspace.js';

/** A small phone, a common phone, a tablet held upright. */
const WIDTHS = [360, 390, 768];

/**
 * What does not fit a screen this wide: the page scrolling sideways, and each element (not inside
 * a scrolling or clipping box, not hidden) reaching past the screen's left or right edge.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
    const root = document.documentElement;
    const problems: string[] = [];
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px on ${root.clientWidth}`);
    }
    const clipsItsContent = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      // The closed side menu waits off-screen, out of reach (inert).
      if (element.closest('[inert]')) continue;
      const box = element.getBoundingClientRect();
      // Nothing to see: screen-reader-only text, empty or hidden boxes.
      if (box.width <= 1 || box.height <= 1) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      let clipped = false;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (clipsItsContent(up)) clipped = true;
      }
      if (clipped) continue;
      if (box.left < -0.5 || box.right > root.clientWidth + 0.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        problems.push(
          `<${element.tagName.toLowerCase()}> "${name.slice(0, 40)}" spans ${Math.round(box.left)} to ${Math.round(box.right)} px`,
        );
      }
    }
    return problems;
  });
}

/** The page as loaded, checked at each width in turn (`ready` is what shows it is all there). */
async function fitsEveryWidth(page: Page, what: string, ready: () => Promise<void>) {
  await ready();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await ready();
    expect(await layoutProblems(page), `${what} at ${width} px`).toEqual([]);
  }
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// Signing up takes the wide screen's Sign Up button; each page is then checked at every width.
test.use({ viewport: { width: 1280, height: 800 } });

test('every public page fits phones and tablets without sideways scrolling', async ({ page }) => {
  for (const [path, heading] of [...PUBLIC_PAGES, ['/nope', '404 Page Not Found'] as const]) {
    await page.goto(path);
    await fitsEveryWidth(page, path, () => expect(h1(page, heading)).toBeVisible());
  }
});

test("a user's pages fit: the workspace with an image and zones, credits, processing", async ({
  page,
}) => {
  await signUp(page);
  await subscribeToBasic(page);

  await page.setViewportSize({ width: WIDTHS[0] ?? 360, height: 800 });
  await useCatSample(page);
  await paint(page, zoneCanvas(page), [
    [0.3, 0.3],
    [0.6, 0.5],
  ]);
  await paint(page, zoneCanvas(page), [
    [0.2, 0.7],
    [0.8, 0.7],
  ]);
  const zones = page.getByRole('list', { name: 'Special Zones' }).getByRole('listitem');
  await fitsEveryWidth(page, 'the workspace', async () => {
    await expect(zones).toHaveCount(2);
    await expect(page.getByText('Cat in Box.webp', { exact: true })).toBeVisible();
  });

  await page.goto('/credits');
  await fitsEveryWidth(page, '/credits', async () => {
    await expect(page.getByRole('heading', { name: 'Buy Credits' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Credit History' }).getByRole('row')).toHaveCount(
      3,
    );
  });
  await page.goto('/process');
  await fitsEveryWidth(page, '/process', () => expect(h1(page, 'Processing')).toBeVisible());

  // The balance stays in the bar on a phone.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Credits: \d+$/ }),
  ).toBeInViewport();
});

test('the admin pages fit, with a user looked up and opened', async ({ page }) => {
  await signUp(page, 'e2e-admin@example.com');
  await page.goto('/admin');
  await page.getByLabel('User email').fill('e2e-admin@example.com');
  await page.getByLabel('User email').press('Enter');
  await fitsEveryWidth(page, '/admin', () =>
    expect(page.getByTestId('user-details')).toBeVisible(),
  );

  await page.goto('/admin/analytics');
  await fitsEveryWidth(page, '/admin/analytics', () =>
    expect(page.getByRole('region', { name: 'Top Pages' })).toBeVisible(),
  );

  await page.goto('/admin/users');
  await expect(page).toHaveTitle('User Management – Rasma');
  await page.getByRole('button', { name: /e2e-admin@example\.com/ }).click();
  await fitsEveryWidth(page, '/admin/users', () =>
    expect(page.getByTestId('user-details')).toBeVisible(),
  );
});
