/// <reference lib="dom" />
/**
 * The landing's "Edit any stroke" demo (`npm run demos`): the real editor, recorded in Chromium.
 * Builds the app, starts the production server, signs in, opens the Portrait Sketch sample in
 * "Edit strokes", then deletes a stroke, moves a part to the front, draws a stroke by hand and
 * plays the drawing, as a person would, with a pointer drawn into the page (a headless browser
 * shows none). Chromium's screencast frames are encoded as the other demos are (H.264 main, 960x720,
 * moov first; demo-files.ts) into apps/web/public/demos/, with its last frame as the poster.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { resolveFfmpeg } from '@rasma/engine';
import { startAppInBrowser } from '../app-in-browser.js';
import { DEMO_FRAME, EDITOR_DEMO, encodeForWeb, outDir, run, writePoster } from './demo-files.js';

/** A 4:3 window, the demos' own shape, that holds the picture, the toolbar and the timeline. */
const VIEWPORT = { width: 1200, height: 900 };
const FPS = 30;
/** Long enough to see the drawing, short enough to watch to its end. */
const DRAWING_SECONDS = 6;

/**
 * A pointer that follows the mouse, since the screencast does not show the system's. Plain text, not
 * a function: tsx would add its own helpers to a function's code, which the page lacks. Built node
 * by node: the app's Content-Security-Policy allows no HTML from strings.
 */
const SHOW_POINTER = `
  const svg = 'http://www.w3.org/2000/svg';
  const pointer = document.createElementNS(svg, 'svg');
  pointer.setAttribute('width', '22');
  pointer.setAttribute('height', '22');
  pointer.setAttribute('viewBox', '0 0 22 22');
  pointer.style.cssText =
    'position:fixed;left:0;top:0;z-index:2147483647;pointer-events:none;transform:translate(-100px,-100px)';
  const arrow = document.createElementNS(svg, 'path');
  arrow.setAttribute('d', 'M2 2 L2 18 L7 13.5 L10.5 20.5 L13 19.3 L9.6 12.4 L16 12.4 Z');
  arrow.setAttribute('fill', '#0f172a');
  arrow.setAttribute('stroke', 'white');
  arrow.setAttribute('stroke-width', '1.5');
  pointer.append(arrow);
  window.addEventListener('pointermove', (event) => {
    pointer.style.transform = 'translate(' + (event.clientX - 2) + 'px,' + (event.clientY - 2) + 'px)';
  }, true);
  window.addEventListener('DOMContentLoaded', () => document.body.append(pointer));
`;

/** Moves the mouse to the middle of `target` at a person's pace. */
async function pointAt(page: Page, target: Locator, steps = 25) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the demo points at something not shown');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps });
}

async function clickOn(page: Page, target: Locator) {
  await pointAt(page, target);
  await page.waitForTimeout(250);
  await page.mouse.down();
  await page.mouse.up();
}

/** The editor at work, step by step, with pauses a viewer can follow. */
async function perform(page: Page) {
  const tools = page.getByRole('toolbar', { name: 'Stroke tools' });
  const strokes = page.getByLabel('Strokes', { exact: true });
  const order = page.getByRole('group', { name: 'Drawing order' }).getByRole('button');
  const canvas = (await strokes.boundingBox())!;
  const at = (x: number, y: number) => [canvas.x + x * canvas.width, canvas.y + y * canvas.height];
  await page.waitForTimeout(800);

  // Lasso the nose and the mouth, and leave them out.
  const lasso = [
    [0.45, 0.45],
    [0.62, 0.45],
    [0.62, 0.61],
    [0.45, 0.61],
    [0.45, 0.45],
  ];
  await page.mouse.move(...(at(0.45, 0.45) as [number, number]), { steps: 20 });
  await page.mouse.down();
  for (const [x, y] of lasso.slice(1))
    await page.mouse.move(...(at(x!, y!) as [number, number]), { steps: 12 });
  await page.mouse.up();
  await page.waitForTimeout(900);
  await clickOn(page, tools.getByRole('button', { name: 'Delete', exact: true }));
  await page.waitForTimeout(900);

  // Drag a part from the end of the timeline (as much of it as is shown) to the front.
  const last = order.nth(6);
  await pointAt(page, last);
  await page.mouse.down();
  const first = (await order.first().boundingBox())!;
  await page.mouse.move(first.x + 4, first.y + first.height / 2, { steps: 40 });
  await page.mouse.up();
  await page.waitForTimeout(900);

  // Sign the picture by hand.
  await clickOn(page, tools.getByRole('button', { name: 'Draw', exact: true }));
  await page.mouse.move(...(at(0.72, 0.9) as [number, number]), { steps: 20 });
  await page.mouse.down();
  for (let i = 1; i <= 50; i++) {
    const t = i / 50;
    await page.mouse.move(
      ...(at(0.72 + 0.22 * t, 0.9 - 0.025 * Math.sin(t * Math.PI * 3)) as [number, number]),
    );
  }
  await page.mouse.up();
  await page.waitForTimeout(700);
  await clickOn(page, tools.getByRole('button', { name: 'Select', exact: true }));

  // Play it in the page, to its end.
  await clickOn(page, tools.getByRole('button', { name: 'Play', exact: true }));
  await page.getByLabel('Drawing preview').waitFor();
  await tools.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1500);
}

/** Records `perform` as JPEG frames with their times, cropped later to `region`. */
async function record(page: Page, work: string) {
  const session = await page.context().newCDPSession(page);
  const frames: { file: string; at: number }[] = [];
  session.on('Page.screencastFrame', (frame) => {
    const file = path.join(work, `frame-${String(frames.length).padStart(5, '0')}.jpg`);
    frames.push({ file, at: frame.metadata.timestamp ?? Date.now() / 1000 });
    void writeFile(file, Buffer.from(frame.data, 'base64'));
    void session.send('Page.screencastFrameAck', { sessionId: frame.sessionId });
  });
  await session.send('Page.startScreencast', { format: 'jpeg', quality: 92 });
  await perform(page);
  await session.send('Page.stopScreencast');
  // A frame lasts until the next one (the screencast sends frames only when the page changes).
  const list = frames.flatMap(({ file, at }, i) => {
    const next = frames[i + 1]?.at ?? at + 1 / FPS;
    return [`file '${file}'`, `duration ${(next - at).toFixed(4)}`];
  });
  const listFile = path.join(work, 'frames.txt');
  await writeFile(listFile, ['ffconcat version 1.0', ...list].join('\n'));
  if (frames.length === 0) throw new Error('the screencast sent no frame');
  return listFile;
}

async function main(): Promise<void> {
  const app = await startAppInBrowser();
  // The frames are written beside the server's data, and go with it.
  const work = app.dataDir;
  try {
    const context = await app.signedInContext({ viewport: VIEWPORT });
    await context.addInitScript({ content: SHOW_POINTER });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Use Sample Image' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Portrait Sketch' }).click();
    // The page scrolls again once the dialog has gone.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByLabel('Drawing time (seconds)').fill(String(DRAWING_SECONDS));
    await page.getByRole('button', { name: 'Edit strokes' }).click();
    await page.getByRole('group', { name: 'Drawing order' }).getByRole('button').first().waitFor();
    const editor = page.getByRole('toolbar', { name: 'Stroke tools' }).locator('..');
    // Just under the page's sticky bar.
    await editor.evaluate((element) => {
      const bar = document.querySelector('header')?.offsetHeight ?? 0;
      const top = element.getBoundingClientRect().top + window.scrollY - bar - 12;
      window.scrollTo({ top, behavior: 'instant' });
    });
    const region = (await editor.boundingBox())!;

    const listFile = await record(page, work);

    const paper = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const ffmpeg = (await resolveFfmpeg({})).path;
    const video = path.join(outDir, `${EDITOR_DEMO.name}.mp4`);
    await encodeForWeb(ffmpeg, ['-f', 'concat', '-safe', '0', '-i', listFile], video, [
      ...framed(region, paper),
      `fps=${FPS}`,
    ]);
    // The poster is the video's own last frame.
    const lastFrame = path.join(work, 'last.png');
    const lastOf = ['-sseof', '-0.2', '-i', video, '-frames:v', '1'];
    await run(ffmpeg, ['-loglevel', 'error', ...lastOf, lastFrame]);
    await writePoster(lastFrame, path.join(outDir, `${EDITOR_DEMO.name}.webp`));
    console.log(`${EDITOR_DEMO.name}: recorded ${DEMO_FRAME.width}x${DEMO_FRAME.height}`);
  } finally {
    await app.close();
  }
}

/**
 * ffmpeg filters that cut the editor out of the window, with a margin, and set it on the page's
 * paper in the demos' 4:3 frame.
 */
function framed(region: { x: number; y: number; width: number; height: number }, paper: string) {
  const margin = 16;
  const x = Math.max(0, Math.round(region.x - margin));
  const y = Math.max(0, Math.round(region.y - margin));
  const width = Math.min(VIEWPORT.width - x, Math.round(region.width + 2 * margin));
  const height = Math.min(VIEWPORT.height - y, Math.round(region.height + 2 * margin));
  const frameWidth = Math.max(width, Math.ceil((height * 4) / 3));
  const frameHeight = Math.round((frameWidth * 3) / 4);
  const colour = paper.replace(/^rgba?\((\d+),\s*(\d+),\s*(\d+).*$/, (_, r, g, b) =>
    [r, g, b].map((c: string) => Number(c).toString(16).padStart(2, '0')).join(''),
  );
  return [
    `crop=${width}:${height}:${x}:${y}`,
    `pad=${frameWidth}:${frameHeight}:(ow-iw)/2:(oh-ih)/2:color=0x${colour}`,
  ];
}

await main();
