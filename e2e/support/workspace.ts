import { expect, type Locator, type Page } from '@playwright/test';

/** Drags the mouse along `points`, given as fractions of the canvas's width and height. */
export async function paint(page: Page, canvas: Locator, points: [number, number][]) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the zone canvas is not shown');
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  const [first, ...rest] = points.map(at);
  if (!first) return;
  await page.mouse.move(...first);
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(...point, { steps: 6 });
  await page.mouse.up();
}

/** In the workspace: loads the Cat in Box sample. */
export async function useCatSample(page: Page) {
  await page.getByRole('button', { name: 'Use Sample Image' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cat in Box' }).click();
  await expect(page.getByRole('img', { name: 'Cat in Box.webp' })).toBeVisible();
}

export const zoneCanvas = (page: Page) => page.getByLabel(/Special Zones canvas/);
