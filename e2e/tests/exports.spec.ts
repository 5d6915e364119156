import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/auth.js';
import { generate, RENDER_TIMEOUT_MS, watchUntilCompleted } from '../support/videos.js';

test.use({ viewport: { width: 1280, height: 900 } });

/** Loads `url` in the page as an <img>: its natural width once it has loaded (0: it did not). */
const imageWidth = (page: Page, url: string) =>
  page.evaluate(
    (src) =>
      new Promise<number>((resolve) => {
        const img = document.createElement('img');
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(0);
        img.src = src;
        document.body.append(img);
      }),
    url,
  );

/** Loads `url` in the page as a muted <video> and plays it: its size once it played, or the error. */
const playedVideo = (page: Page, url: string) =>
  page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const video = document.createElement('video');
        video.muted = true;
        video.onloadeddata = () => {
          video.play().then(
            () => resolve(`${video.videoWidth}x${video.videoHeight} playing`),
            (error: Error) => resolve(error.message),
          );
        };
        video.onerror = () => resolve(`error ${video.error?.code}`);
        video.src = src;
        document.body.append(video);
      }),
    url,
  );

test('a GIF chosen at Generate and a WebM made later play in the browser from their downloads', async ({
  page,
}) => {
  test.setTimeout(2 * RENDER_TIMEOUT_MS);
  await signUp(page);
  await page.getByRole('button', { name: 'Use Sample Image' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cat in Box' }).click();

  // The price shown counts the transparent WebM's credit; a GIF is free.
  const cost = page.getByText(/^Cost:/);
  await expect(cost).toHaveText('Cost: 10 credits');
  const alsoMake = page.getByRole('group', { name: 'Also make' });
  await alsoMake.getByRole('checkbox', { name: /^Transparent WebM \(\+1 credit\)/ }).check();
  await expect(cost).toHaveText('Cost: 11 credits');
  await alsoMake.getByRole('checkbox', { name: /^Transparent WebM/ }).uncheck();
  await alsoMake.getByRole('checkbox', { name: /^GIF \(free\)/ }).check();
  await expect(cost).toHaveText('Cost: 10 credits');
  await generate(page, 1);

  const card = page.getByRole('listitem', { name: 'Cat in Box' });
  await watchUntilCompleted(card);
  await card.getByRole('button', { name: 'Download Cat in Box' }).click();
  const menu = page.getByRole('dialog', { name: 'Download Cat in Box' });
  await expect(menu.getByRole('button', { name: 'Download GIF' })).toBeVisible({
    timeout: RENDER_TIMEOUT_MS,
  });
  // Made later: asked for, shown being made, then ready.
  await menu.getByRole('button', { name: 'Make WebM' }).click();
  await expect(menu.getByRole('button', { name: 'Download WebM' })).toBeVisible({
    timeout: RENDER_TIMEOUT_MS,
  });
  const download = page.waitForEvent('download');
  await menu.getByRole('button', { name: 'Download GIF' }).click();
  expect((await download).suggestedFilename()).toBe('Cat in Box.gif');

  const library = (await (await page.request.get('/api/videos?page=1')).json()) as {
    videos: { id: string }[];
  };
  const id = library.videos[0]!.id;
  expect(await imageWidth(page, `/api/videos/${id}/exports/gif`)).toBeGreaterThan(0);
  expect(await playedVideo(page, `/api/videos/${id}/exports/webm`)).toMatch(/^\d+x\d+ playing$/);
});
