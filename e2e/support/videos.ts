/** Making videos in the workspace: generate, watch the library, and read what the page sent. */
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { shownToast } from './toasts.js';

/**
 * A render takes 10-40 s on two idle cores; the two tests render at the same time, and a loaded
 * machine takes minutes.
 */
export const RENDER_TIMEOUT_MS = 300_000;

/**
 * Keeps the text fields of each multipart form the page sends, by URL (the browser does not hand
 * a form with a file over to the test).
 */
export async function recordSentForms(page: Page) {
  await page.addInitScript(() => {
    const sent: Record<string, Record<string, string>> = {};
    const send = window.fetch.bind(window);
    Object.assign(window, { sentForms: sent });
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData) {
        const fields: Record<string, string> = {};
        init.body.forEach((value, name) => {
          if (typeof value === 'string') fields[name] = value;
        });
        sent[input instanceof Request ? input.url : input.toString()] = fields;
      }
      return send(input, init);
    };
  });
}

/** A JSON field of the last form sent to `url`. */
export async function sentField(page: Page, url: string, name: string): Promise<unknown> {
  const text = await page.evaluate(
    ([to, field]) =>
      (window as unknown as { sentForms: Record<string, Record<string, string>> }).sentForms[to]?.[
        field
      ],
    [url, name] as const,
  );
  if (text === undefined) throw new Error(`no ${name} was sent to ${url}`);
  return JSON.parse(text);
}

/** The card's percent while drawing: each value read until it shows Completed. */
export async function watchUntilCompleted(card: Locator): Promise<number[]> {
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const drawing = await card
          .getByText(/^Drawing\.\.\. \d+%$/)
          .textContent({ timeout: 100 })
          .catch(() => null);
        if (drawing) seen.push(Number(/(\d+)%/.exec(drawing)?.[1]));
        return card.getByText('Completed', { exact: true }).isVisible();
      },
      { timeout: RENDER_TIMEOUT_MS, intervals: [250] },
    )
    .toBe(true);
  return seen;
}

export async function generate(page: Page, drawingTime: number) {
  const field = page.getByLabel('Drawing time (seconds)');
  await field.fill(String(drawingTime));
  await expect(field).toHaveValue(String(drawingTime));
  const created = page.waitForResponse('/api/videos/create');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  expect((await created).status()).toBe(201);
  await expect(shownToast(page)).toContainText('Video Creation Started!');
  // The workspace is handed back for the next image.
  await expect(page.getByText('Drop your image here')).toBeVisible();
}

/**
 * Opens the library card's download menu for `title` and downloads its MP4; the browser's download
 * of it (the menu is closed again).
 */
export async function downloadVideo(page: Page, card: Locator, title: string): Promise<Download> {
  await card.getByRole('button', { name: `Download ${title}` }).click();
  const menu = page.getByRole('dialog', { name: `Download ${title}` });
  const downloading = page.waitForEvent('download');
  await menu.getByRole('button', { name: 'Download MP4' }).click();
  const download = await downloading;
  // By its button: Escape would close the toast the download shows, the newest layer.
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect(menu).toHaveCount(0);
  return download;
}
