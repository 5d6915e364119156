/// <reference lib="dom" />
/**
 * `npm run bench:editor`: how the "Edit strokes" mode feels in Chromium on this machine. Builds the
 * app, starts the production server, signs in, and for each 1920x1080 photo (the engine's real
 * photos, resized): the time from the "Edit strokes" click until the strokes are shown, clicked
 * at once when the image is in (planning starts then) and after a pause as a person takes to look
 * at it (planned ahead by then, usePlanAhead), the longest main-thread task and the longest gap between animation frames while a part is dragged
 * on the timeline and while a stroke is drawn by hand, and the frames Play paints per second.
 * Targets (issue 27): strokes under 1.5 s, no main-thread task over 50 ms, playback at 30 fps.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { startAppInBrowser } from './app-in-browser.js';
import { markdownTable } from './bench-support.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const PHOTOS = ['portrait-astronaut.png', 'pet-chelsea.png', 'landscape-meadow.jpg'];
const PLAY_SECONDS = 3;
/** A person's look at the picture before opening the editor. */
const LOOK_MS = 3000;

/** The editor's toolbar (the library's cards have buttons of the same names). */
const tools = (page: Page) => page.getByRole('toolbar', { name: 'Stroke tools' });

/**
 * Starts recording main-thread long tasks and animation-frame gaps in the page. Plain text, not a
 * function: tsx adds its own helpers to a function's code, which the page lacks.
 */
const START_WATCHING = `{
  const watch = { longest: 0, gap: 0, stop: false };
  window.benchWatch = watch;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) watch.longest = Math.max(watch.longest, entry.duration);
  }).observe({ type: 'longtask' });
  let last = performance.now();
  const tick = (now) => {
    watch.gap = Math.max(watch.gap, now - last);
    last = now;
    if (!watch.stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}`;

async function startWatching(page: Page): Promise<void> {
  await page.evaluate(START_WATCHING);
}

async function stopWatching(page: Page): Promise<{ longest: number; gap: number }> {
  return page.evaluate(() => {
    const watch = (
      window as unknown as { benchWatch: { longest: number; gap: number; stop: boolean } }
    ).benchWatch;
    watch.stop = true;
    return { longest: watch.longest, gap: watch.gap };
  });
}

/** Places the photo in the workspace, waits `pauseMs`, opens the editor: ms until strokes show. */
async function openEditor(page: Page, photo: Buffer, name: string, pauseMs: number) {
  await page.goto('/');
  await page.getByLabel('Choose an image file').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: photo,
  });
  const toggle = page.getByRole('button', { name: 'Edit strokes' });
  await toggle.waitFor();
  await page.waitForTimeout(pauseMs);
  const clicked = Date.now();
  await toggle.click();
  await drawingOrder(page).first().waitFor({ timeout: 60_000 });
  return Date.now() - clicked;
}

const drawingOrder = (page: Page) =>
  page.getByRole('group', { name: 'Drawing order' }).getByRole('button');

/** With the editor open: a part dragged, a stroke drawn, the preview played. */
async function measure(page: Page) {
  const order = drawingOrder(page);

  // Drag the last part to the front, slowly, as a person would.
  await order.last().scrollIntoViewIfNeeded();
  await startWatching(page);
  const from = (await order.last().boundingBox())!;
  const to = (await order.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 4, to.y + to.height / 2, { steps: 40 });
  await page.mouse.up();
  const drag = await stopWatching(page);

  // Draw a stroke by hand across the picture.
  await tools(page).getByRole('button', { name: 'Draw', exact: true }).click();
  const strokes = page.getByLabel('Strokes', { exact: true });
  await strokes.scrollIntoViewIfNeeded();
  const canvas = (await strokes.boundingBox())!;
  await startWatching(page);
  await page.mouse.move(canvas.x + canvas.width * 0.2, canvas.y + canvas.height * 0.3);
  await page.mouse.down();
  for (let i = 1; i <= 60; i++)
    await page.mouse.move(
      canvas.x + canvas.width * (0.2 + 0.6 * (i / 60)),
      canvas.y + canvas.height * (0.3 + 0.1 * Math.sin(i / 6)),
    );
  await page.mouse.up();
  const draw = await stopWatching(page);

  // Play, and count the frames the preview paints (each one sets its data-frame).
  await tools(page).getByRole('button', { name: 'Play', exact: true }).click();
  const preview = page.getByLabel('Drawing preview');
  await preview.waitFor();
  const painted = await preview.evaluate(
    (element, seconds) =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const observer = new MutationObserver(() => frames++);
        observer.observe(element, { attributes: true, attributeFilter: ['data-frame'] });
        setTimeout(() => {
          observer.disconnect();
          resolve(frames / seconds);
        }, seconds * 1000);
      }),
    PLAY_SECONDS,
  );
  return { drag, draw, fps: painted };
}

async function main(): Promise<void> {
  const app = await startAppInBrowser();
  try {
    const rows = [];
    for (const file of PHOTOS) {
      const photo = await sharp(path.join(repoRoot, 'packages/engine/test/real-photos', file))
        .resize(1920, 1080, { fit: 'cover' })
        .png()
        .toBuffer();
      const shown: number[] = [];
      let figures: Awaited<ReturnType<typeof measure>> | undefined;
      for (const pauseMs of [0, LOOK_MS]) {
        const context = await app.signedInContext({ viewport: { width: 1366, height: 900 } });
        const page = await context.newPage();
        shown.push(await openEditor(page, photo, file.replace(/\.\w+$/, '.png'), pauseMs));
        figures ??= await measure(page);
        await context.close();
      }
      if (!figures) throw new Error('the editor was not measured');
      rows.push({
        photo: file,
        'strokes shown, clicked at once / after 3 s (ms)': shown.join(' / '),
        'drag: longest task / frame gap (ms)': `${Math.round(figures.drag.longest)} / ${Math.round(figures.drag.gap)}`,
        'draw: longest task / frame gap (ms)': `${Math.round(figures.draw.longest)} / ${Math.round(figures.draw.gap)}`,
        'playback (frames/s)': Math.round(figures.fps * 10) / 10,
      });
    }
    console.log(markdownTable(rows));
    console.log(
      `\nTargets: strokes under 1500 ms, no task over 50 ms (0 = none), 30 frames/s. ` +
        `Load average at the end: ${loadavg()[0]?.toFixed(1)} on 2 cores.`,
    );
  } finally {
    await app.close();
  }
}

await main();
