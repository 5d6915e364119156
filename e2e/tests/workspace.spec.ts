import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { completeEmailSignIn, signUp, uniqueEmail } from '../support/auth.js';
import { shownToast } from '../support/toasts.js';
import {
  downloadVideo,
  generate,
  recordSentForms,
  RENDER_TIMEOUT_MS,
  sentField,
  watchUntilCompleted,
} from '../support/videos.js';
import { paint } from '../support/workspace.js';

test.use({ viewport: { width: 1280, height: 900 } });

test('a sample with two zones is previewed, drawn live, played, downloaded and deleted', async ({
  page,
}) => {
  test.setTimeout(RENDER_TIMEOUT_MS + 90_000);
  await recordSentForms(page);
  await signUp(page);
  await page.getByRole('button', { name: 'Use Sample Image' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cat in Box' }).click();
  await expect(page.getByRole('img', { name: 'Cat in Box.webp' })).toBeVisible();

  // Two zones, the first with a small brush, the second with a large one.
  const canvas = page.getByLabel(/Special Zones canvas/);
  const brushes = page.getByRole('radiogroup', { name: 'Brush size' });
  await brushes.getByRole('radio', { name: 'Small', exact: true }).click();
  await paint(page, canvas, [
    [0.3, 0.3],
    [0.45, 0.35],
    [0.6, 0.5],
  ]);
  await brushes.getByRole('radio', { name: 'Large', exact: true }).click();
  await paint(page, canvas, [
    [0.2, 0.7],
    [0.5, 0.78],
    [0.8, 0.7],
  ]);
  const zones = page.getByRole('list', { name: 'Special Zones' }).getByRole('listitem');
  await expect(zones).toHaveCount(2);

  await page.getByLabel('Zone 2 direction').selectOption('Top to bottom');
  const listColours = () =>
    zones
      .getByTestId('zone-colour')
      .evaluateAll((badges) => badges.map((badge) => getComputedStyle(badge).backgroundColor));
  // The colour the canvas shows on the first zone's stroke.
  const firstStrokeColour = () =>
    canvas.evaluate((element: HTMLCanvasElement) => {
      const x = Math.round(element.width * 0.45);
      const y = Math.round(element.height * 0.35);
      return [...(element.getContext('2d')?.getImageData(x, y, 1, 1).data ?? [])].slice(0, 3);
    });
  const [first, second] = await listColours();
  expect(first).not.toBe(second);
  const stroke = await firstStrokeColour();
  await page.getByRole('button', { name: 'Move Zone 2 up' }).click();
  await expect(page.getByLabel('Zone 1 direction')).toHaveValue('Top to bottom');
  await expect(page.getByLabel('Zone 2 direction')).toHaveValue('Left to right');
  // Each zone keeps its colour, in the list and on the canvas.
  expect(await listColours()).toEqual([second, first]);
  expect(await firstStrokeColour()).toEqual(stroke);

  // The server's preview of the outline, with the zones in their new order.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const outline = page.getByRole('dialog').getByRole('img', { name: 'Outline preview' });
  await expect(outline).toBeVisible();
  expect(await outline.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const masks = (await sentField(page, '/api/preview-outline', 'maskDetails')) as {
    brushSize: number;
  }[];
  expect(masks).toHaveLength(2);
  expect(masks[0]?.brushSize).toBeGreaterThan(masks[1]?.brushSize ?? Infinity);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Generate, and watch the library without reloading the page.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  await generate(page, 2);
  const blobData = (await sentField(page, '/api/videos/create', 'blobData')) as {
    strokeMasks: { direction: string; points: { x: number; y: number }[] }[];
    drawingTime: number;
  };
  expect(blobData.drawingTime).toBe(2);
  expect(blobData.strokeMasks.map((zone) => zone.direction)).toEqual([
    'Top to bottom',
    'Left to right',
  ]);
  // Points are in the sample's own pixels (1600x1200), not the shown size: the large zone's
  // stroke went from 20 % to 80 % of the width.
  const xs = blobData.strokeMasks[0]?.points.map((point) => point.x) ?? [];
  expect(Math.min(...xs)).toBeCloseTo(320, -2);
  expect(Math.max(...xs)).toBeCloseTo(1280, -2);

  const card = page.getByRole('listitem', { name: 'Cat in Box' });
  const percents = await watchUntilCompleted(card);
  expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true);
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
  await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/thumbnails\/.+\.jpg$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credits: 30' }),
  ).toBeVisible();

  // Play it to its end.
  await card.getByRole('button', { name: 'Play', exact: true }).click();
  const video = page.getByRole('dialog').locator('video');
  await expect(video).toHaveAttribute('src', /^\/api\/videos\/[0-9a-f-]+\/stream$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = Math.max(0, v.duration - 0.5);
    void v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Download it: an MP4 named after the title.
  const download = await downloadVideo(page, card, 'Cat in Box');
  expect(download.suggestedFilename()).toBe('Cat in Box.mp4');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  await expect(shownToast(page)).toContainText('Download Started');

  // Delete it, after the confirmation.
  await card.getByRole('button', { name: 'Delete Cat in Box' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete "Cat in Box"? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(shownToast(page)).toContainText('Video Deleted');
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No videos yet')).toBeVisible();
});

test('an image dropped on try-now before sign-in becomes a video after it', async ({ page }) => {
  test.setTimeout(RENDER_TIMEOUT_MS + 90_000);
  const drawing = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
        <rect width="320" height="240" fill="#fff"/>
        <circle cx="160" cy="120" r="80" fill="none" stroke="#000" stroke-width="8"/>
        <rect x="40" y="40" width="60" height="40" fill="#334"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();
  await page.goto('/try-now');
  await page
    .getByLabel('Choose an image file')
    .setInputFiles({ name: 'my-drawing.png', mimeType: 'image/png', buffer: drawing });
  await completeEmailSignIn(page, uniqueEmail('trynow-video'));

  await expect(page.getByRole('img', { name: 'my-drawing.png' })).toBeVisible();
  await generate(page, 2);
  await watchUntilCompleted(page.getByRole('listitem', { name: 'my-drawing' }));
});
