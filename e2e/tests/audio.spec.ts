import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { makeToneMp3, streamCodecs, streamSeconds } from '../support/audio.js';
import { signUp } from '../support/auth.js';
import {
  downloadVideo,
  generate,
  recordSentForms,
  RENDER_TIMEOUT_MS,
  sentField,
  watchUntilCompleted,
} from '../support/videos.js';
import { useCatSample } from '../support/workspace.js';

/** Chromium's fake microphone (a tone with a beep each second), granted without a prompt. */
const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
        ],
      }),
    { scope: 'worker' },
  ],
});

test.use({ viewport: { width: 1280, height: 900 } });

const FPS = 30;
/** The music made for the test, and where it is trimmed to. */
const MUSIC_SECONDS = 8;
const MUSIC_START = 2;
/**
 * How far a track's time may be from the drawing's in the preview: the players' drift bound (a
 * quarter second), and the frame shown a render behind the clock on a busy machine.
 */
const IN_STEP_SECONDS = 0.35;

const slider = (page: Page, name: string) => page.getByRole('slider', { name, exact: true });
const sliderValue = async (page: Page, name: string) =>
  Number(await slider(page, name).getAttribute('aria-valuenow'));

/** The preview's frame and each track element's time, read at one moment. */
const previewMoment = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('canvas[aria-label="Drawing preview"]');
    const time = (track: string) =>
      document.querySelector<HTMLAudioElement>(`audio[data-track="${track}"]`)?.currentTime ?? NaN;
    return {
      frame: Number(canvas?.getAttribute('data-frame')),
      voice: time('voice'),
      music: time('music'),
    };
  });

/** The voice and the music where the drawing is: from their trim starts, with the video. */
function expectInStep(moment: Awaited<ReturnType<typeof previewMoment>>) {
  expect(Math.abs(moment.voice - moment.frame / FPS)).toBeLessThan(IN_STEP_SECONDS);
  expect(Math.abs(moment.music - (MUSIC_START + moment.frame / FPS))).toBeLessThan(IN_STEP_SECONDS);
}

test('a recorded voice-over and uploaded music are trimmed, fitted, previewed and heard in the video', async ({
  page,
}) => {
  test.setTimeout(RENDER_TIMEOUT_MS + 180_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'rasma-e2e-audio-'));
  try {
    await recordSentForms(page);
    await signUp(page);
    await useCatSample(page);
    const card = page.getByRole('region', { name: 'Voice-over and Music' });

    // Record a few seconds from the fake microphone: its level shows while it records.
    await card.getByRole('button', { name: 'Record', exact: true }).click();
    const meter = card.getByRole('meter', { name: 'Microphone level' });
    // The fake microphone beeps once a second and is silent between: read the meter often, or a
    // poll at whole seconds can keep landing between the beeps.
    await expect
      .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { intervals: [40] })
      .toBeGreaterThan(0);
    await expect(card.getByRole('timer', { name: 'Recorded' })).toHaveText(/^0:0[3-9]$/, {
      timeout: 20_000,
    });
    await card.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(slider(page, 'Voice-over end')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText(/^Recording · 0:0\d$/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Take again' })).toBeVisible();
    const voiceSeconds = await sliderValue(page, 'Voice-over end');
    expect(voiceSeconds).toBeGreaterThanOrEqual(2.5);

    // Upload music made here, and keep from 2 s to a second before its end.
    const music = path.join(dir, 'tone.mp3');
    await makeToneMp3(music, MUSIC_SECONDS);
    await card.getByLabel('Choose a music file').setInputFiles(music);
    await expect(slider(page, 'Music end')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText(/^tone\.mp3 · 0:0[78]$/)).toBeVisible();
    await slider(page, 'Music start').focus();
    await page.keyboard.press('PageUp');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(slider(page, 'Music start')).toHaveAttribute('aria-valuetext', '2.0 s');
    await slider(page, 'Music end').focus();
    await page.keyboard.press('PageDown');
    const musicEnd = await sliderValue(page, 'Music end');
    expect(musicEnd).toBeLessThan(MUSIC_SECONDS - 0.5);

    // Fit the drawing to the voice: it ends when the voice does.
    await card.getByRole('button', { name: 'Fit the drawing to the voice-over' }).click();
    const drawingTime = Math.max(1, Math.round(voiceSeconds));
    await expect(page.getByLabel('Drawing time (seconds)')).toHaveValue(String(drawingTime));
    const lasts = await page.getByText(/^The video lasts [\d.]+ s/).textContent();
    const shownSeconds = Number(/lasts ([\d.]+) s/.exec(lasts ?? '')?.[1]);

    // The preview plays the sound in step with the drawing: the voice under the parts.
    await page.getByRole('button', { name: 'Edit strokes' }).click();
    await expect(page.getByTestId('voice-row')).toBeVisible({ timeout: 30_000 });
    const tools = page.getByRole('toolbar', { name: 'Stroke tools' });
    await tools.getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(async () => (await previewMoment(page)).frame, { timeout: 30_000 })
      .toBeGreaterThan(5);
    const first = await previewMoment(page);
    await expect
      .poll(async () => (await previewMoment(page)).frame)
      .toBeGreaterThan(first.frame + 15);
    const later = await previewMoment(page);
    for (const moment of [first, later]) expectInStep(moment);
    expect(later.voice).toBeGreaterThan(first.voice + 0.3);

    // Pausing stops the sound with the drawing.
    await tools.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect
      .poll(() =>
        page.locator('audio[data-track="voice"]').evaluate((a: HTMLAudioElement) => a.paused),
      )
      .toBe(true);

    // Scrubbed back to the start, the sound starts again with the drawing.
    await page.getByRole('slider', { name: 'Position' }).press('Home');
    await tools.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(async () => (await previewMoment(page)).frame).toBeGreaterThan(5);
    const again = await previewMoment(page);
    expect(again.frame).toBeLessThan(later.frame);
    expectInStep(again);
    await tools.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('button', { name: 'Back to strokes' }).click();

    // Generate: the files go with the settings.
    await generate(page, drawingTime);
    const blobData = (await sentField(page, '/api/videos/create', 'blobData')) as {
      drawingTime: number;
      audio: {
        voice: { trimStart: number };
        music: { trimStart: number; trimEnd: number; loop: boolean };
      };
    };
    expect(blobData.drawingTime).toBe(drawingTime);
    expect(blobData.audio.voice.trimStart).toBe(0);
    expect(blobData.audio.music).toMatchObject({
      trimStart: MUSIC_START,
      trimEnd: musicEnd,
      loop: true,
    });
    const video = page.getByRole('listitem', { name: 'Cat in Box' });
    await watchUntilCompleted(video);

    // The library's player plays it with its sound.
    await video.getByRole('button', { name: 'Play', exact: true }).click();
    const player = page.getByRole('dialog').locator('video');
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThan(0);
    expect(await player.evaluate((v: HTMLVideoElement) => [v.controls, v.muted])).toEqual([
      true,
      false,
    ]);
    await page.keyboard.press('Escape');

    // The download has an AAC stream as long as its picture, as long as was shown before Generate.
    const file = await (await downloadVideo(page, video, 'Cat in Box')).path();
    expect(await streamCodecs(file, 'Audio')).toEqual(['aac']);
    const [audioSeconds, videoSeconds] = await Promise.all([
      streamSeconds(file, 'a'),
      streamSeconds(file, 'v'),
    ]);
    expect(Math.abs(audioSeconds - videoSeconds)).toBeLessThanOrEqual(2 / FPS);
    expect(Math.abs(videoSeconds - shownSeconds)).toBeLessThanOrEqual(2 / FPS);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
