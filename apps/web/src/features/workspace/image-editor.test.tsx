import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { HAND_LABELS, HANDS } from '@/lib/contract';
import { VIDEO_CREATED } from '@/test/fixtures';
import { renderInApp } from '@/test/render-app';
import { requestsTo, serveApi, type FakeAnswer } from '@/test/serve-api';
import { ImageEditor } from './image-editor';
import { useVideoSettings } from './settings/use-video-settings';
import type { ChosenImage } from './use-chosen-image';

vi.mock(import('@/hooks/use-toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  toast: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const CHOSEN: ChosenImage = {
  image: new File(['image bytes'], 'Cat in Box.webp', { type: 'image/webp' }),
  previewUrl: 'blob:cat-in-box',
};

/** The project the editor saves to (`projects/` tests the saving). */
const PROJECT_ID = '0b9d6c1e-3f8a-4d2b-9c7e-5a1f2e3d4c5b';

function Editor({ onCreated = () => {} }: { onCreated?: () => void }) {
  const settings = useVideoSettings();
  return (
    <ImageEditor
      chosen={CHOSEN}
      project={{ id: PROJECT_ID, restored: null }}
      onProjectCreated={() => {}}
      settings={settings}
      onChooseAnother={() => {}}
      onCreated={onCreated}
    />
  );
}

function serve(changes: Record<string, FakeAnswer> = {}) {
  return serveApi({
    '/api/user/ai-preference': () => ({ aiModel: 'rasma-ai-color' }),
    '/api/credits': () => ({ credits: 40 }),
    '/api/videos/create': () => Response.json(VIDEO_CREATED, { status: 201 }),
    '/api/preview-outline': () => ({ success: true, image: 'data:image/png;base64,AAAA' }),
    [`/api/projects/${PROJECT_ID}`]: () => ({
      id: PROJECT_ID,
      updatedAt: '2026-11-21T10:00:00.000Z',
    }),
    '/api/projects': () => [],
    ...changes,
  });
}

const generate = () => screen.getByRole('button', { name: 'Generate' });
const drawingTime = () => screen.getByLabelText<HTMLInputElement>('Drawing time (seconds)');
const sentForm = (fetchMock: ReturnType<typeof serve>, path: string) =>
  requestsTo(fetchMock, path)[0]?.body as FormData;

describe('the settings', () => {
  it("start from the user's model, with its cost and the balance after it", async () => {
    serve();
    renderInApp(<Editor />);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('AI model').value).toBe('rasma-ai-color'),
    );
    expect(await screen.findByText('15 credits')).toBeTruthy();
    expect(screen.getByText('Balance after: 25')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('AI model'), 'rasma-ai');
    expect(screen.getByText('Balance after: 30')).toBeTruthy();
  });

  it('refuse an empty drawing time and leave out-of-range entries unapplied', async () => {
    serve();
    renderInApp(<Editor />);
    expect(drawingTime().value).toBe('15');
    await userEvent.clear(drawingTime());
    expect(screen.getByRole('alert').textContent).toBe(
      'Please enter a number between 1 and 100 seconds',
    );
    expect(generate()).toHaveProperty('disabled', true);

    await userEvent.type(drawingTime(), '150');
    expect(drawingTime().value).toBe('15');
    expect(screen.getByRole('alert').textContent).toBe(
      '“150” was not applied: the drawing time is a whole number of seconds from 1 to 100.',
    );
    expect(generate()).toHaveProperty('disabled', false);
    fireEvent.change(drawingTime(), { target: { value: '0' } });
    expect(drawingTime().value).toBe('15');
    expect(screen.getByRole('alert').textContent).toContain('“0” was not applied');

    // An applied edit replaces the explanation with the video's length.
    fireEvent.change(drawingTime(), { target: { value: '8' } });
    expect(screen.queryByRole('alert')).toBeNull();
    // The user's model is the colour one: 8 s drawing, 2 s colouring, 2 s hold.
    expect(document.getElementById('drawing-time-note')?.textContent).toBe(
      'The video lasts 12 s: the drawing, the colouring, then 2 s on the finished picture.',
    );
  });

  it('read "Revert Colors" once the colours are inverted', () => {
    serve();
    renderInApp(<Editor />);
    expect(screen.getByRole('button', { name: 'Invert Colors' })).toBeTruthy();
  });
});

describe('Generate', () => {
  it('sends the image and the settings as multipart, then hands the workspace back', async () => {
    const fetchMock = serve();
    const onCreated = vi.fn();
    renderInApp(<Editor onCreated={onCreated} />);
    await screen.findByText('15 credits');
    fireEvent.change(screen.getByLabelText('Fill level'), { target: { value: '75' } });
    await userEvent.selectOptions(screen.getByLabelText('Drawing direction'), 'Top to bottom');
    await userEvent.selectOptions(screen.getByLabelText('Video shape'), '9:16');
    // Every hand is offered as a tile with its picture; the default is checked.
    const draws = screen.getByRole('group', { name: 'What draws' });
    expect(within(draws).getAllByRole('radio')).toHaveLength(HANDS.length);
    for (const hand of HANDS) {
      const tile = within(draws).getByRole('radio', { name: HAND_LABELS[hand] }).closest('label');
      expect(tile?.querySelector('svg')?.innerHTML !== '', hand).toBe(hand !== 'none');
    }
    expect(
      within(draws).getByRole<HTMLInputElement>('radio', { name: HAND_LABELS.hand }).checked,
    ).toBe(true);
    await userEvent.click(within(draws).getByRole('radio', { name: HAND_LABELS['hand-dark'] }));
    await userEvent.clear(drawingTime());
    await userEvent.type(drawingTime(), '3');
    await userEvent.click(generate());

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const form = sentForm(fetchMock, '/api/videos/create');
    expect((form.get('image') as File).name).toBe('Cat in Box.webp');
    expect(JSON.parse(form.get('blobData') as string)).toEqual({
      strokeMasks: [],
      direction: 'Top to bottom',
      grayscaleLevel: 191,
      aiModel: 'rasma-ai-color',
      drawingTime: 3,
      shape: '9:16',
      hand: 'hand-dark',
    });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Video Creation Started!' }),
    );
    await waitFor(() => expect(requestsTo(fetchMock, '/api/credits')).toHaveLength(2));
  });

  it('says so when the credits are not enough, with a way to add some', async () => {
    serve({
      '/api/videos/create': () =>
        Response.json(
          { message: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' },
          { status: 402 },
        ),
    });
    const onCreated = vi.fn();
    renderInApp(<Editor onCreated={onCreated} />);
    await userEvent.click(generate());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Insufficient Credits',
          description: "You don't have enough credits to create a video.",
          action: expect.anything() as unknown,
        }),
      ),
    );
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('Preview', () => {
  it('sends the fill level and zones and shows the outline it gets back', async () => {
    const fetchMock = serve();
    renderInApp(<Editor />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const outline = await screen.findByRole<HTMLImageElement>('img', { name: 'Outline preview' });
    expect(outline.src).toBe('data:image/png;base64,AAAA');
    const form = sentForm(fetchMock, '/api/preview-outline');
    expect(form.get('globalThreshold')).toBe('128');
    expect(form.get('maskDetails')).toBe('[]');
    expect((form.get('image') as File).name).toBe('Cat in Box.webp');
  });

  it('fails when the answer has no image', async () => {
    serve({ '/api/preview-outline': () => ({ success: false, image: '' }) });
    renderInApp(<Editor />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Preview Generation Failed',
          description: 'Failed to generate preview outline. Please try again.',
        }),
      ),
    );
    expect(screen.queryByRole('img', { name: 'Outline preview' })).toBeNull();
  });
});
