import { fitInFrame, handwritingStrokes } from '@rasma/engine/outline';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { ImageEditor } from '@/features/workspace/image-editor';
import { AUTOSAVE_DELAY_MS } from '@/features/workspace/projects/project-saver';
import { useVideoSettings } from '@/features/workspace/settings/use-video-settings';
import {
  MODEL_CREDIT_COST,
  STORY_MESSAGES,
  projectStateSchema,
  type ProjectSceneImage,
  type ProjectState,
} from '@/lib/contract';
import { pngHeader, VIDEO_CREATED } from '@/test/fixtures';
import { renderInApp } from '@/test/render-app';
import { requestsTo, serveApi } from '@/test/serve-api';
import { textBlock } from '@/test/text-block';

const PROJECT_ID = '0b9d6c1e-3f8a-4d2b-9c7e-5a1f2e3d4c5b';
const KEPT: ProjectSceneImage = {
  imageId: '3f2b8c1e-5d4a-4b6c-9e8f-7a6b5c4d3e2f',
  url: `/api/projects/${PROJECT_ID}/images/3f2b8c1e-5d4a-4b6c-9e8f-7a6b5c4d3e2f`,
  width: 80,
  height: 60,
  bytes: 33,
  fileName: 'Classic Car.png',
};
/** A portrait picture: in the story's 4:3 frame it has paper left and right. */
const TALL: ProjectSceneImage = {
  ...KEPT,
  imageId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  url: `/api/projects/${PROJECT_ID}/images/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f`,
  width: 60,
  height: 80,
  fileName: 'Lighthouse.png',
};
const CHOSEN = {
  image: new File([pngHeader(120, 90)], 'Cat in Box.png', { type: 'image/png' }),
  previewUrl: 'blob:cat-in-box',
};

/** A story saved with two scenes: the project's image (8 s) and a kept picture (12 s). */
const SAVED: ProjectState = projectStateSchema.parse({
  zones: [],
  settings: { aiModel: 'rasma-ai-color', drawingTime: 8, direction: 'Left to right' },
  inverted: false,
  scenes: [
    { id: 'cat', picture: 'project', drawingTime: 8, transition: { kind: 'camera', seconds: 2 } },
    { id: 'car', picture: { imageId: KEPT.imageId }, drawingTime: 12, holdSeconds: 3 },
  ],
});

function Editor({ saved = SAVED }: { saved?: ProjectState }) {
  const settings = useVideoSettings();
  return (
    <>
      <ImageEditor
        chosen={CHOSEN}
        project={{ id: PROJECT_ID, restored: saved, sceneImages: [KEPT, TALL] }}
        settings={settings}
        onProjectCreated={() => {}}
        onChooseAnother={() => {}}
        onCreated={() => {}}
      />
      <Toaster />
    </>
  );
}

function serve() {
  return serveApi({
    '/api/user/ai-preference': () => ({ aiModel: 'rasma-ai-color' }),
    '/api/credits': () => ({ credits: 40 }),
    '/api/videos/create': () => Response.json(VIDEO_CREATED, { status: 201 }),
    [`/api/projects/${PROJECT_ID}`]: () => ({
      id: PROJECT_ID,
      updatedAt: '2026-11-28T10:00:00.000Z',
    }),
    [KEPT.url]: () => new Response(pngHeader(80, 60), { headers: { 'content-type': 'image/png' } }),
    [TALL.url]: () => new Response(pngHeader(60, 80), { headers: { 'content-type': 'image/png' } }),
  });
}

/** The states the autosave sent, oldest first. */
const savedStates = (fetchMock: ReturnType<typeof serve>) =>
  requestsTo(fetchMock, `/api/projects/${PROJECT_ID}`).map(
    (init) => (JSON.parse(init?.body as string) as { state: ProjectState }).state,
  );

beforeEach(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = () => `blob:${crypto.randomUUID()}`;
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The overlay's strokes in the shown picture's pixels (`picture`: its own size), from what the
 * page lays out: the overlay's view box over its box, and where the picture lies in that box
 * (its own box's percentages; all of it when the picture is the overlay's box).
 */
function strokesOnPicture(image: HTMLElement, picture: { width: number; height: number }) {
  const svg = document.querySelector('g[data-block]')!.closest('svg')!;
  const [, , viewWidth, viewHeight] = svg.getAttribute('viewBox')!.split(' ').map(Number);
  const box = image.parentElement!;
  const share = (percent: string) => (box === svg.parentElement ? null : parseFloat(percent) / 100);
  const left = share(box.style.left) ?? 0;
  const top = share(box.style.top) ?? 0;
  const width = share(box.style.width) ?? 1;
  const height = share(box.style.height) ?? 1;
  return [...svg.querySelectorAll('g[data-block]')].map((block) =>
    [...block.querySelectorAll('polyline')].map((line) =>
      line
        .getAttribute('points')!
        .split(' ')
        .map((pair) => {
          const [x, y] = pair.split(',').map(Number) as [number, number];
          return {
            x: ((x / viewWidth! - left) / width) * picture.width,
            y: ((y / viewHeight! - top) / height) * picture.height,
          };
        }),
    ),
  );
}

const scene = (n: number) => screen.getByRole('button', { name: `Scene ${n}` });
const drawingTime = () => screen.getByLabelText<HTMLInputElement>('Drawing time (seconds)');

describe('a story in the workspace', () => {
  it('opens every scene as saved, each with its own picture and settings', async () => {
    serve();
    renderInApp(<Editor />);
    const scenes = screen.getByRole('list', { name: 'Scenes' });
    expect(within(scenes).getAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.getByRole<HTMLSelectElement>('combobox', { name: 'Transition after scene 1' }).value,
    ).toBe('camera');
    // Two pictures at the colour model's price each.
    expect(
      await screen.findByText(`${2 * MODEL_CREDIT_COST['rasma-ai-color']} credits`),
    ).toBeTruthy();
    expect(drawingTime().value).toBe('8');

    await userEvent.click(scene(2));
    expect(await screen.findByRole('img', { name: 'Classic Car.png' })).toBeTruthy();
    expect(drawingTime().value).toBe('12');
    expect(screen.getByLabelText<HTMLInputElement>('Hold (seconds)').value).toBe('3');

    await userEvent.click(scene(1));
    expect(await screen.findByRole('img', { name: 'Cat in Box.png' })).toBeTruthy();
    expect(drawingTime().value).toBe('8');
  });

  it("saves a change to the open scene's settings as that scene's only", async () => {
    const fetchMock = serve();
    renderInApp(<Editor />);
    await userEvent.click(scene(2));
    await screen.findByRole('img', { name: 'Classic Car.png' });
    fireEvent.change(drawingTime(), { target: { value: '20' } });
    await waitFor(
      () =>
        expect(
          savedStates(fetchMock)
            .at(-1)
            ?.scenes?.map((s) => s.drawingTime),
        ).toEqual([8, 20]),
      { timeout: 3 * AUTOSAVE_DELAY_MS },
    );
  });

  it('deletes a scene, and its toast puts it back', async () => {
    serve();
    renderInApp(<Editor />);
    await userEvent.click(scene(2));
    await userEvent.click(screen.getByRole('button', { name: 'Delete scene' }));
    expect(
      within(screen.getByRole('list', { name: 'Scenes' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.getByText('Scene 2 was removed from the story.')).toBeTruthy();
    // A click, without the pointer's down and up that the toast's swipe reads (jsdom has no capture).
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      within(screen.getByRole('list', { name: 'Scenes' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(scene(2).getAttribute('aria-current')).toBe('step');
    expect(drawingTime().value).toBe('12');
  });

  it("sends the story: each picture under its field, the kept one fetched, each scene's settings", async () => {
    const fetchMock = serve();
    renderInApp(<Editor />);
    await screen.findByText(`${2 * MODEL_CREDIT_COST['rasma-ai-color']} credits`);
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/videos/create')).toHaveLength(1));
    const form = requestsTo(fetchMock, '/api/videos/create')[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['image', 'scene-1', 'blobData']);
    expect((form.get('image') as File).name).toBe('Cat in Box.png');
    expect((form.get('scene-1') as File).name).toBe('Classic Car.png');
    const blobData = JSON.parse(form.get('blobData') as string) as {
      scenes: { id: string; picture: string; drawingTime: number; holdSeconds: number }[];
    };
    expect(
      blobData.scenes.map(({ id, picture, drawingTime, holdSeconds }) => [
        id,
        picture,
        drawingTime,
        holdSeconds,
      ]),
    ).toEqual([
      ['cat', 'image', 8, 2],
      ['car', 'scene-1', 12, 3],
    ]);
  });

  it('says when the story grows longer than the limit, and Generate waits until it is not', async () => {
    serve();
    // Seven scenes of 82 s, each with a 2 s hold, and six 1 s fades: 594 s, under 10 minutes.
    const long = projectStateSchema.parse({
      ...SAVED,
      scenes: Array.from({ length: 7 }, (_, i) => ({
        id: `s${i}`,
        picture: i === 0 ? 'project' : 'blank',
        drawingTime: 82,
      })),
    });
    renderInApp(<Editor saved={long} />);
    const generate = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Generate' });
    expect(screen.queryByText(STORY_MESSAGES.tooLong)).toBeNull();
    fireEvent.change(drawingTime(), { target: { value: '90' } });
    expect((await screen.findByRole('alert')).textContent).toBe(STORY_MESSAGES.tooLong);
    expect(generate().disabled).toBe(true);
    // 600 s: the limit itself.
    fireEvent.change(drawingTime(), { target: { value: '88' } });
    await waitFor(() => expect(screen.queryByText(STORY_MESSAGES.tooLong)).toBeNull());
    expect(generate().disabled).toBe(false);
  });

  it("shows a later picture's text where the video writes it: in the frame, not on the picture", async () => {
    serve();
    // The frame is the first picture's 4:3; the portrait picture is fitted inside its margin.
    const centred = textBlock({ id: 'centred', size: 0.1 });
    const onPaper = textBlock({ id: 'on-paper', text: 'Hi', x: 0.08, size: 0.1 });
    const saved = projectStateSchema.parse({
      ...SAVED,
      scenes: [
        SAVED.scenes![0],
        { id: 'tall', picture: { imageId: TALL.imageId }, texts: [centred, onPaper] },
      ],
    });
    renderInApp(<Editor saved={saved} />);
    await userEvent.click(scene(2));
    const image = await screen.findByRole('img', { name: 'Lighthouse.png' });
    await screen.findByRole('button', { name: 'Text 2 on the picture' });

    const frame = { width: 1600, height: 1200 };
    const fit = fitInFrame(TALL, frame);
    const onPicture = (x: number, y: number) => ({
      x: ((x - fit.left) / fit.width) * TALL.width,
      y: ((y - fit.top) / fit.height) * TALL.height,
    });
    const shown = strokesOnPicture(image, TALL);
    [centred, onPaper].forEach((block, i) => {
      const written = handwritingStrokes(block, frame)
        .flat()
        .map((p) => onPicture(p.x, p.y));
      expect(shown[i]!.flat()).toHaveLength(written.length);
      shown[i]!.flat().forEach((point, j) => {
        expect(point.x).toBeCloseTo(written[j]!.x, 1);
        expect(point.y).toBeCloseTo(written[j]!.y, 1);
      });
    });
    // The H's first upright: a capital a tenth of the frame's height, 120 frame pixels, which
    // the picture's 80 pixels for the frame's 1080 make 8.9 of its pixels (not a tenth of its 80).
    const upright = shown[0]![0]!.map((point) => point.y);
    expect(Math.max(...upright) - Math.min(...upright)).toBeCloseTo((120 * 80) / 1080, 1);
    // "Hi" near the frame's left edge lies on the paper left of the picture, and still shows.
    expect(Math.max(...shown[1]!.flat().map((point) => point.x))).toBeLessThan(0);
  });
});
