import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from '../support/auth.js';
import {
  generate,
  recordSentForms,
  RENDER_TIMEOUT_MS,
  sentField,
  watchUntilCompleted,
} from '../support/videos.js';
import {
  firstFrames,
  inkXs,
  lastFrame,
  lumaAt,
  median,
  percentile,
  type GreyFrame,
} from '../support/video-frames.js';
import { useCatSample } from '../support/workspace.js';

test.use({ viewport: { width: 1280, height: 900 } });

/** The editor's toolbar (the library's cards have buttons of the same names). */
const tools = (page: Page) => page.getByRole('toolbar', { name: 'Stroke tools' });

/** The Cat in Box sample's own size: edits are sent in its pixels. */
const SAMPLE_WIDTH = 1600;

interface SentEdits {
  order?: string[];
  deleted?: { part: string; points: [number, number][] }[];
  added?: { part: string; points: [number, number, number][] }[];
}

/** Colours the editor paints strokes in (stroke-editor/paint-strokes.ts): ink, selected. */
const INK = [30, 41, 59];
const SELECTED = [225, 29, 72];

/** Pixels of the strokes canvas in `colour`, as canvas coordinates (every `step`-th of them). */
async function canvasPixels(canvas: Locator, colour: number[], step = 1) {
  return canvas.evaluate(
    (element: HTMLCanvasElement, [rgb, every]) => {
      const { width, height } = element;
      const data = element.getContext('2d')!.getImageData(0, 0, width, height).data;
      const found: [number, number][] = [];
      for (let p = 0, n = 0; p < width * height; p++) {
        const j = p * 4;
        if (data[j + 3] !== 255 || data[j] !== rgb[0] || data[j + 1] !== rgb[1]) continue;
        if (data[j + 2] === rgb[2] && n++ % every === 0) found.push([p % width, (p / width) | 0]);
      }
      return { width, height, found };
    },
    [colour, step] as const,
  );
}

/** Clicks canvas pixel (x, y) of a canvas `size` big. */
async function clickPixel(page: Page, canvas: Locator, size: { width: number }, [x, y]: number[]) {
  const box = (await canvas.boundingBox())!;
  const scale = box.width / size.width;
  await page.mouse.click(box.x + (x! + 0.5) * scale, box.y + (y! + 0.5) * scale);
}

/** Picks the longest of a few strokes spread over the drawing (a line, not a hatch mark). */
async function selectLongStroke(page: Page, canvas: Locator) {
  const { found, width } = await canvasPixels(canvas, INK);
  const candidates = Array.from(
    { length: 24 },
    (_, i) => found[Math.floor(((i + 0.5) * found.length) / 24)]!,
  );
  let best = { at: candidates[0]!, pixels: 0 };
  for (const at of candidates) {
    await clickPixel(page, canvas, { width }, at);
    const pixels = await expect
      .poll(async () => (await canvasPixels(canvas, SELECTED)).found.length)
      .toBeGreaterThan(0)
      .then(async () => (await canvasPixels(canvas, SELECTED)).found.length);
    if (pixels > best.pixels) best = { at, pixels };
  }
  await clickPixel(page, canvas, { width }, best.at);
  await expect
    .poll(async () => (await canvasPixels(canvas, SELECTED)).found.length)
    .toBe(best.pixels);
}

/** A horizontal run of paper on the strokes canvas, clear of ink a few pixels above and below. */
async function paperRun(canvas: Locator) {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const { width, height } = element;
    const alpha = element.getContext('2d')!.getImageData(0, 0, width, height).data;
    const clear = (x: number, y: number) => {
      for (let dy = -6; dy <= 6; dy++)
        if (alpha[((y + dy) * width + x) * 4 + 3] !== 0) return false;
      return true;
    };
    const wanted = Math.round(width * 0.15);
    for (let y = 10; y < height - 10; y += 4) {
      let run = 0;
      for (let x = 4; x < width - 4; x++) {
        run = clear(x, y) ? run + 1 : 0;
        if (run === wanted) return { width, from: [x - wanted + 4, y], to: [x - 4, y] };
      }
    }
    throw new Error('no paper on the drawing to draw on');
  });
}

/** The videos of the signed-in person, newest first, each downloaded to `dir`. */
async function downloadVideos(page: Page, dir: string): Promise<string[]> {
  const listed = await page.request.get('/api/videos');
  const { videos } = (await listed.json()) as { videos: { id: string }[] };
  return Promise.all(
    videos.map(async ({ id }) => {
      const res = await page.request.get(`/api/videos/${id}/download`);
      const file = path.join(dir, `${id}.mp4`);
      await writeFile(file, await res.body());
      return file;
    }),
  );
}

/**
 * The median luma of a frame along the line through image-pixel points (a sample every image
 * pixel), scaled to the frame: the line's body, where its corners meet other lines.
 */
function lumaAlong(frame: GreyFrame, points: readonly (readonly number[])[]): number {
  const samples: number[] = [];
  const scale = frame.width / SAMPLE_WIDTH;
  points.forEach(([x, y], i) => {
    const [px, py] = i === 0 ? [x!, y!] : [points[i - 1]![0]!, points[i - 1]![1]!];
    const steps = Math.max(1, Math.ceil(Math.hypot(x! - px, y! - py)));
    for (let t = i === 0 ? steps : 1; t <= steps; t++)
      samples.push(
        lumaAt(
          frame,
          (px + ((x! - px) * t) / steps) * scale,
          (py + ((y! - py) * t) / steps) * scale,
        ),
      );
  });
  return median(samples);
}

/** The first frame with a line or two of ink in it. */
function firstInk(frames: GreyFrame[]): number[] {
  for (const frame of frames) {
    const xs = inkXs(frame);
    if (xs.length >= 40) return xs;
  }
  throw new Error('no ink in the first frames');
}

test('strokes are deleted, moved and drawn, played for free, kept over a reload, and the video follows', async ({
  page,
}) => {
  test.setTimeout(2 * RENDER_TIMEOUT_MS + 120_000);
  await recordSentForms(page);
  await signUp(page);
  await useCatSample(page);
  // Nothing drawing over the picture: the frames show only ink.
  // A tile is picked by its picture or name, and the arrow keys move on to the next.
  const draws = page.getByRole('group', { name: 'What draws' });
  await draws.getByText('The pen alone').click();
  await expect(draws.getByRole('radio', { name: 'The pen alone' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(draws.getByRole('radio', { name: 'Nothing' })).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // The same settings without edits, to compare with.
  await generate(page, 2);
  await watchUntilCompleted(page.getByRole('listitem', { name: 'Cat in Box' }));

  // The project is one click away, with its settings.
  await page.getByRole('button', { name: /^Open again: Cat in Box/ }).click();
  await expect(page.getByRole('radio', { name: 'Nothing' })).toBeChecked();
  await page.getByRole('button', { name: 'Edit strokes' }).click();
  const strokes = page.getByLabel('Strokes', { exact: true });
  await expect(strokes).toBeVisible({ timeout: 20_000 });
  const order = page.getByRole('group', { name: 'Drawing order' }).getByRole('button');
  await expect(order.first()).toHaveText(/^Picture · 1\/8/);

  // Delete a line.
  await selectLongStroke(page, strokes);
  await tools(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect.poll(async () => (await canvasPixels(strokes, SELECTED)).found.length).toBe(0);

  // Move the last part (the right of the picture, drawn left to right) to the front.
  const last = order.filter({ hasText: /^Picture · 8\/8/ });
  await last.scrollIntoViewIfNeeded();
  const from = (await last.boundingBox())!;
  const to = (await order.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 4, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(order.first()).toHaveText(/^Picture · 8\/8/);

  // Draw a stroke by hand where the picture has no ink.
  const run = await paperRun(strokes);
  await tools(page).getByRole('button', { name: 'Draw', exact: true }).click();
  await strokes.scrollIntoViewIfNeeded();
  const box = (await strokes.boundingBox())!;
  const at = ([x, y]: number[]) =>
    [
      box.x + ((x! + 0.5) * box.width) / run.width,
      box.y + ((y! + 0.5) * box.width) / run.width,
    ] as const;
  await page.mouse.move(...at(run.from));
  await page.mouse.down();
  await page.mouse.move(...at(run.to), { steps: 20 });
  await page.mouse.up();
  await expect(order.filter({ hasText: /^Your strokes 1/ })).toHaveCount(1);
  await tools(page).getByRole('button', { name: 'Select', exact: true }).click();

  // Play it in the page: the frames advance, with no request for them.
  await tools(page).getByRole('button', { name: 'Play', exact: true }).click();
  const preview = page.getByLabel('Drawing preview');
  const frameShown = async () => Number(await preview.getAttribute('data-frame'));
  await expect.poll(frameShown).toBeGreaterThan(5);
  const seen = await frameShown();
  await expect.poll(frameShown).toBeGreaterThan(seen);
  await page.getByRole('button', { name: 'Back to strokes' }).click();

  // The edits are saved as they are made, and a reload brings them back.
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Edit strokes' }).click();
  await expect(order.first()).toHaveText(/^Picture · 8\/8/, { timeout: 20_000 });
  await expect(order.filter({ hasText: /^Your strokes 1/ })).toHaveCount(1);

  await generate(page, 2);
  const edits = ((await sentField(page, '/api/videos/create', 'blobData')) as { edits: SentEdits })
    .edits;
  expect(edits.deleted).toHaveLength(1);
  expect(edits.added).toHaveLength(1);
  expect(edits.order?.[0]).toBe('0.7');
  await watchUntilCompleted(page.getByRole('listitem', { name: 'Cat in Box' }).first());

  const dir = await mkdtemp(path.join(tmpdir(), 'rasma-e2e-edits-'));
  try {
    const [edited, plain] = await downloadVideos(page, dir);
    const [editedEnd, plainEnd] = await Promise.all([lastFrame(edited!), lastFrame(plain!)]);

    // The deleted line is inked in the plain video only; the stroke drawn by hand in the edited.
    const deleted = edits.deleted![0]!.points;
    expect(lumaAlong(plainEnd, deleted)).toBeLessThan(150);
    expect(lumaAlong(editedEnd, deleted)).toBeGreaterThan(lumaAlong(plainEnd, deleted) + 50);
    const added = edits.added![0]!.points;
    expect(lumaAlong(plainEnd, added)).toBeGreaterThan(200);
    expect(lumaAlong(editedEnd, added)).toBeLessThan(lumaAlong(plainEnd, added) - 80);

    // The part moved to the front is drawn first: the first ink lies at the right of the drawing.
    const inkAtEnd = inkXs(plainEnd);
    const [left, right] = [percentile(inkAtEnd, 0.01), percentile(inkAtEnd, 0.99)];
    const firstEdited = firstInk(await firstFrames(edited!, 20));
    expect(percentile(firstEdited, 0.05)).toBeGreaterThan(left + 0.7 * (right - left));
    const firstPlain = firstInk(await firstFrames(plain!, 20));
    expect(percentile(firstPlain, 0.95)).toBeLessThan(left + 0.3 * (right - left));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
