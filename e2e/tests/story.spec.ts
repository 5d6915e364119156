import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUp } from '../support/auth.js';
import {
  downloadVideo,
  generate,
  recordSentForms,
  RENDER_TIMEOUT_MS,
  sentField,
  watchUntilCompleted,
} from '../support/videos.js';
import { frameCount, framesAt, type GreyFrame } from '../support/video-frames.js';
import { useCatSample } from '../support/workspace.js';

test.use({ viewport: { width: 1280, height: 900 } });

const FPS = 30;
/** Each scene's drawing and hold, kept short so the story renders quickly. */
const DRAWING_SECONDS = 3;
const HOLD_SECONDS = 2;
const CAMERA_SECONDS = 1;
const TITLE = 'Hello story';

/** A picture whose only dark thing is a square in its left third: its drawing is ink there. */
const leftSquarePng = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: {
          create: { width: 300, height: 300, channels: 3, background: '#101010' },
        },
        left: 100,
        top: 300,
      },
    ])
    .png()
    .toBuffer();

/** The share of a frame's pixels in [x0, x1) x [y0, y1) (shares of the frame) that are ink. */
function inkShare(frame: GreyFrame, [x0, x1]: [number, number], [y0, y1]: [number, number]) {
  let ink = 0;
  let all = 0;
  for (let y = Math.floor(y0 * frame.height); y < Math.floor(y1 * frame.height); y++)
    for (let x = Math.floor(x0 * frame.width); x < Math.floor(x1 * frame.width); x++) {
      all++;
      if (frame.luma[y * frame.width + x]! < 128) ink++;
    }
  return ink / all;
}

const scenes = (page: Page) => page.getByRole('list', { name: 'Scenes' });
const scene = (page: Page, n: number) => scenes(page).getByRole('button', { name: `Scene ${n}` });

/** Opens scene `n` and sets its drawing time. */
async function setDrawingTime(page: Page, n: number) {
  await scene(page, n).click();
  await expect(scene(page, n)).toHaveAttribute('aria-current', 'step');
  const field = page.getByLabel('Drawing time (seconds)');
  await field.fill(String(DRAWING_SECONDS));
  await expect(field).toHaveValue(String(DRAWING_SECONDS));
}

test('a story of a sample, a title card and an upload is reordered, previewed and made into one video', async ({
  page,
}) => {
  test.setTimeout(RENDER_TIMEOUT_MS + 240_000);
  await recordSentForms(page);
  await signUp(page);
  await useCatSample(page);

  // Scene 2: a blank board with a text block, the title card.
  const story = page.getByRole('region', { name: 'Story' });
  await story.getByRole('button', { name: 'Add scene' }).click();
  await story.getByRole('button', { name: 'Blank board' }).click();
  await expect(scenes(page).getByRole('listitem')).toHaveCount(2);
  await expect(scene(page, 2)).toHaveAttribute('aria-current', 'step');
  const text = page.getByRole('region', { name: 'Text' });
  await text.getByRole('button', { name: 'Add text' }).click();
  await text.getByLabel('Text to write').fill(TITLE);

  // Scene 3: an uploaded picture, kept with the project before it is added.
  await story.getByRole('button', { name: 'Add scene' }).click();
  await story
    .getByLabel('Choose an image file')
    .setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: await leftSquarePng() });
  await expect(scenes(page).getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });

  // Reordered: the upload moves before the title card, so the title card ends the story.
  await scene(page, 3).click();
  await story.getByRole('button', { name: 'Move scene left' }).click();
  await expect(scene(page, 2)).toHaveAttribute('aria-current', 'step');
  await expect(story.getByRole('status')).toHaveText('Scene moved to place 2 of 3.');

  // A camera move from the cat to the upload, a cut to the title card.
  await story.getByLabel('Transition after scene 1').selectOption({ label: 'Camera move' });
  await scenes(page)
    .getByRole('listitem')
    .first()
    .getByLabel('Transition seconds')
    .fill(String(CAMERA_SECONDS));
  await story.getByLabel('Transition after scene 2').selectOption({ label: 'Cut' });
  for (const n of [1, 2, 3]) await setDrawingTime(page, n);
  const totalSeconds = 3 * (DRAWING_SECONDS + HOLD_SECONDS) + CAMERA_SECONDS;
  await expect(story).toContainText(`Story: 3 scenes, 0:${totalSeconds}`);

  // The preview plays across the scenes, through the camera move, to the title card.
  await story.getByRole('button', { name: 'Play story' }).click();
  const preview = page.getByRole('dialog').locator('canvas[aria-label="Story preview"]');
  await page.getByRole('dialog').getByRole('button', { name: 'Play', exact: true }).click();
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const [sceneShown, transition] = await Promise.all([
          preview.getAttribute('data-scene'),
          preview.getAttribute('data-transition'),
        ]);
        seen.add(transition ? `transition:${transition}` : `scene:${sceneShown}`);
        return sceneShown;
      },
      { timeout: 120_000, intervals: [100] },
    )
    .toBe('3');
  expect([...seen]).toEqual(
    expect.arrayContaining(['scene:1', 'transition:camera', 'scene:2', 'scene:3']),
  );
  await page.keyboard.press('Escape');

  // Generate: one video of three scenes, its pictures sent as files named by the scenes.
  await generate(page, DRAWING_SECONDS);
  const blobData = (await sentField(page, '/api/videos/create', 'blobData')) as {
    scenes: {
      picture: string;
      drawingTime: number;
      transition: { kind: string; seconds: number };
      texts: { text: string }[];
    }[];
  };
  expect(blobData.scenes.map((s) => s.picture)).toEqual(['image', 'scene-1', 'blank']);
  expect(blobData.scenes.map((s) => s.drawingTime)).toEqual([3, 3, 3]);
  expect(blobData.scenes.slice(0, 2).map((s) => s.transition.kind)).toEqual(['camera', 'cut']);
  expect(blobData.scenes[2]!.texts.map((t) => t.text)).toEqual([TITLE]);
  const video = page.getByRole('listitem', { name: 'Cat in Box' });
  await watchUntilCompleted(video);
  await expect(video).toContainText('3 scenes');

  const file = await (await downloadVideo(page, video, 'Cat in Box')).path();

  // The MP4 lasts the scenes' drawing and hold times plus the camera move, to the frame.
  expect(await frameCount(file)).toBe(totalSeconds * FPS);

  // The last frame of each scene's hold shows that scene's ink and not another's.
  const sceneFrames = DRAWING_SECONDS * FPS + HOLD_SECONDS * FPS;
  const [cat, square, title] = await framesAt(file, [
    sceneFrames - 1,
    2 * sceneFrames + CAMERA_SECONDS * FPS - 1,
    3 * sceneFrames + CAMERA_SECONDS * FPS - 1,
  ]);
  // The cat fills the frame; the square is the upload's only ink, in its left third.
  expect(inkShare(cat!, [0.5, 1], [0, 1])).toBeGreaterThan(0.03);
  expect(inkShare(square!, [0, 0.4], [0.25, 0.75])).toBeGreaterThan(0.05);
  expect(inkShare(square!, [0.5, 1], [0, 1])).toBeLessThan(0.002);
  // The title card: ink in the text's band across the middle, paper everywhere else.
  expect(inkShare(title!, [0.2, 0.8], [0.4, 0.6])).toBeGreaterThan(0.005);
  expect(inkShare(title!, [0, 1], [0, 0.3])).toBeLessThan(0.001);
  expect(inkShare(title!, [0, 1], [0.7, 1])).toBeLessThan(0.001);
});
