import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from '../support/auth.js';

test.use({ viewport: { width: 1280, height: 900 } });

/** Share of the live outline's pixels that are ink (darker than light grey). */
const inkShare = (canvas: Locator) =>
  canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d');
    if (!context || element.width === 0) return 0;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 200) ink++;
    return ink / (data.length / 4);
  });

/** A fingerprint of the outline's pixels, to see that it was redrawn differently. */
const fingerprint = (canvas: Locator) =>
  canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d');
    if (!context) return '';
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let hash = 0;
    for (let i = 0; i < data.length; i += 4) hash = (hash * 31 + (data[i] ?? 0)) | 0;
    return `${element.width}x${element.height}:${hash}`;
  });

async function setFill(page: Page, percent: number) {
  await page.getByLabel('Fill level').fill(String(percent));
}

test('the live outline redraws in the browser as the fill level, zones and inversion change', async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Use Sample Image' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cat in Box' }).click();
  await expect(page.getByRole('img', { name: 'Cat in Box.webp' })).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Live Outline' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const outline = page.getByRole('img', { name: 'Live outline preview' });
  await expect(outline).toBeVisible();
  // A screen-sized copy of the 1600x1200 sample, in its shape.
  expect(await outline.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([960, 720]);

  // More fill, more ink; less fill, less (the default is 50). Light tones are hatched with a fine
  // pen in short, sparse strokes, so doubling the fill hatches the whole box and the cat but adds
  // about a quarter more ink to this line drawing.
  await expect.poll(() => inkShare(outline)).toBeGreaterThan(0);
  const middle = await inkShare(outline);
  await setFill(page, 100);
  await expect.poll(() => inkShare(outline)).toBeGreaterThan(middle * 1.15);
  await setFill(page, 20);
  await expect.poll(() => inkShare(outline)).toBeLessThan(middle);
  const light = await inkShare(outline);

  // A zone with its own, higher fill adds ink where it was painted.
  const canvas = page.getByLabel(/Special Zones canvas/);
  await page
    .getByRole('radiogroup', { name: 'Brush size' })
    .getByRole('radio', { name: 'X-Large' })
    .click();
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the zone canvas is not shown');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.5, { steps: 12 });
  await page.mouse.up();
  await page.getByLabel('Zone 1 fill').fill('100');
  await expect.poll(() => inkShare(outline)).toBeGreaterThan(light);

  // Inverting the image changes the outline drawn from it. The inversion (decode, invert, encode
  // the 1600x1200 image) takes 0.2 s alone, but here it shares the CPU with the outline and stroke
  // workers still busy with the zone just painted, and with the other specs: 3-7 s on two loaded
  // cores, and over 10 s once in CI.
  const before = await fingerprint(outline);
  await page.getByRole('button', { name: 'Invert Colors' }).click();
  await expect(page.getByRole('button', { name: 'Revert Colors' })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => fingerprint(outline)).not.toBe(before);

  await toggle.click();
  await expect(outline).toHaveCount(0);
});
