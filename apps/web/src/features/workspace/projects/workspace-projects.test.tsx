import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authUserQuery } from '@/features/auth/api';
import {
  AUDIO_MESSAGES,
  DRAWING_TIME,
  STATE_TOO_LARGE_MESSAGE,
  storageFullMessage,
  type Project,
  type ProjectAudioFile,
  type ProjectSummary,
  type StorageUsage,
} from '@/lib/contract';
import { HAND_LABELS } from '@/lib/contract';
import { createQueryClient } from '@/lib/query-client';
import { USER, VIDEO_CREATED, pngHeader } from '@/test/fixtures';
import { renderInApp } from '@/test/render-app';
import { requestsTo, serveApi, type FakeAnswer } from '@/test/serve-api';
import { Workspace } from '../workspace';
import { AUTOSAVE_DELAY_MS, RETRY_DELAY_MS } from './project-saver';

class SilentEventSource {
  onmessage = null;
  close() {}
}

const OPEN_KEY = 'rasma.workspace.openProject';
const CAT = '11111111-2222-4333-8444-555555555555';
const CAR = '66666666-7777-4888-9999-000000000000';
const NEW = '0b9d6c1e-3f8a-4d2b-9c7e-5a1f2e3d4c5b';
const CHANGED = '2026-11-25T10:00:00.000Z';
const EDITS = {
  order: ['1.0' as const, '0.3' as const],
  deleted: [{ part: '0.2' as const, points: [[5, 6]] as [number, number][] }],
};

const project = (id: string, title: string, extra: Partial<Project['state']> = {}): Project => ({
  id,
  title,
  fileName: `${title}.png`,
  state: {
    zones: [
      {
        id: '1',
        colour: '#059669',
        points: [
          { x: 5, y: 5 },
          { x: 20, y: 15 },
        ],
        brushSize: 20,
        direction: 'Top to bottom',
        fillLevel: 70,
      },
    ],
    settings: {
      direction: 'Right to left',
      grayscaleLevel: 191,
      aiModel: 'rasma-ai-color',
      drawingTime: 8,
      shape: '9:16',
      hand: 'pen',
    },
    inverted: false,
    ...extra,
  },
  updatedAt: CHANGED,
  imageUrl: `/api/projects/${id}/image`,
  audioFiles: {},
  sceneImages: [],
});
const summary = ({ id, title }: Project): ProjectSummary => ({
  id,
  title,
  updatedAt: CHANGED,
  thumbnailUrl: `/api/projects/${id}/thumbnail`,
});
const notFound = () =>
  Response.json({ message: 'Project not found', code: 'NOT_FOUND' }, { status: 404 });
const png = () => new Response(pngHeader(80, 60), { headers: { 'content-type': 'image/png' } });
const MB = 1024 * 1024;
const STORAGE: StorageUsage = { usedBytes: 12.5 * MB, quotaBytes: 250 * MB };

function serve(routes: Record<string, FakeAnswer> = {}) {
  const cat = project(CAT, 'Cat in Box', { edits: EDITS });
  const car = project(CAR, 'Classic Car', { zones: [] });
  return serveApi({
    '/api/user/ai-preference': () => ({ aiModel: 'rasma-ai' }),
    '/api/credits': () => ({ credits: 40 }),
    '/api/videos?page=1': () => ({
      videos: [],
      pagination: { currentPage: 1, totalPages: 1, hasPrev: false, hasNext: false },
    }),
    '/api/projects': ({ init }) =>
      init?.method === 'POST'
        ? Response.json({ ...project(NEW, 'new'), state: { zones: [] } }, { status: 201 })
        : // The newest change first: the car was changed after the cat.
          [summary(car), summary(cat)],
    [`/api/projects/${CAT}`]: ({ init }) =>
      init?.method === 'PUT' ? { id: CAT, updatedAt: CHANGED } : cat,
    [`/api/projects/${CAT}/image`]: png,
    [`/api/projects/${CAR}`]: ({ init }) =>
      init?.method === 'DELETE' ? { message: 'Project deleted' } : car,
    [`/api/projects/${CAR}/image`]: png,
    [`/api/projects/${NEW}`]: () => ({ id: NEW, updatedAt: CHANGED }),
    '/api/videos/create': () => Response.json(VIDEO_CREATED, { status: 201 }),
    '/api/storage': () => STORAGE,
    ...routes,
  });
}

beforeEach(() => {
  vi.stubGlobal('EventSource', SilentEventSource);
  // jsdom has no object URLs.
  URL.createObjectURL = () => `blob:${crypto.randomUUID()}`;
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderWorkspace() {
  const client = createQueryClient();
  client.setQueryData(authUserQuery.queryKey, USER);
  renderInApp(<Workspace />, '/', client);
}

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
const recent = () => screen.getByRole('list', { name: 'Recent projects' });
const methodsTo = (fetchMock: ReturnType<typeof serve>, path: string) =>
  requestsTo(fetchMock, path).map((init) => init?.method ?? 'GET');

describe('a reload of the workspace', () => {
  it('opens the project this browser had open, with its zones and settings, saving nothing', async () => {
    localStorage.setItem(OPEN_KEY, CAT);
    const fetchMock = serve();
    renderWorkspace();
    expect(await screen.findByRole('img', { name: 'Cat in Box.png' })).toBeTruthy();
    expect(value('Zone 1 direction')).toBe('Top to bottom');
    expect(value('Fill level')).toBe('75');
    expect(value('Drawing time (seconds)')).toBe('8');
    expect(value('Video shape')).toBe('9:16');
    expect(value('AI model')).toBe('rasma-ai-color');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: HAND_LABELS.pen }).checked).toBe(
      true,
    );
    expect(value('Drawing direction')).toBe('Right to left');
    expect(await screen.findByText('Saved')).toBeTruthy();
    // The open project is not among the recent ones: the other one is.
    expect(
      within(recent())
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Classic Car']);
    // What a project does not keep (the brush picked) is no change to save.
    await userEvent.click(screen.getByRole('radio', { name: 'Large' }));
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 300));
    expect(methodsTo(fetchMock, `/api/projects/${CAT}`)).toEqual(['GET']);
  });

  it('shows the upload card when that project is gone, and forgets it', async () => {
    localStorage.setItem(OPEN_KEY, CAT);
    serve({ [`/api/projects/${CAT}`]: notFound });
    renderWorkspace();
    expect(await screen.findByText('Drop your image here')).toBeTruthy();
    expect(localStorage.getItem(OPEN_KEY)).toBeNull();
  });
});

describe('the projects of the workspace', () => {
  it('makes a project of a chosen image at once, and remembers it for a reload', async () => {
    const fetchMock = serve();
    renderWorkspace();
    await userEvent.upload(
      screen.getByLabelText('Choose an image file'),
      new File([pngHeader(80, 60)], 'drawing.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('img', { name: 'drawing.png' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(OPEN_KEY)).toBe(NEW));
    const [created] = requestsTo(fetchMock, '/api/projects').filter((i) => i?.method === 'POST');
    const form = created?.body as FormData;
    expect((form.get('image') as File).name).toBe('drawing.png');
    expect(JSON.parse(form.get('state') as string)).toMatchObject({
      zones: [],
      settings: { grayscaleLevel: 128 },
      inverted: false,
    });

    // A change is saved to it about a second later.
    fireEvent.change(screen.getByLabelText('Fill level'), { target: { value: '80' } });
    await waitFor(() => expect(methodsTo(fetchMock, `/api/projects/${NEW}`)).toEqual(['PUT']), {
      timeout: 3 * AUTOSAVE_DELAY_MS,
    });
  });

  it('says once why a project cannot be made, saves nothing more, and still makes the video', async () => {
    const full = { usedBytes: 250 * MB, quotaBytes: 250 * MB };
    const fetchMock = serve({
      '/api/projects': ({ init }) =>
        init?.method === 'POST'
          ? Response.json(
              { message: storageFullMessage(full), code: 'STORAGE_QUOTA_REACHED' },
              { status: 409 },
            )
          : [],
      '/api/storage': () => full,
    });
    renderWorkspace();
    await userEvent.upload(
      screen.getByLabelText('Choose an image file'),
      new File([pngHeader(80, 60)], 'drawing.png', { type: 'image/png' }),
    );
    // The server's own words: which limit, and what to do.
    const said = `Not saved. ${storageFullMessage(full)}`;
    expect(await screen.findByText(said)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'drawing.png' })).toBeTruthy();

    // Changes are not saved: no second try, no project remembered for a reload, no other error.
    fireEvent.change(screen.getByLabelText('Fill level'), { target: { value: '80' } });
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS.first + AUTOSAVE_DELAY_MS));
    expect(methodsTo(fetchMock, '/api/projects').filter((m) => m === 'POST')).toHaveLength(1);
    expect(localStorage.getItem(OPEN_KEY)).toBeNull();
    expect(screen.getAllByText(said)).toHaveLength(1);
    expect(screen.queryByText(/went wrong|try again/i)).toBeNull();

    // The work goes on: the video is made from the chosen image.
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/videos/create')).toHaveLength(1));
    const [sent] = requestsTo(fetchMock, '/api/videos/create');
    expect(((sent?.body as FormData).get('image') as File).name).toBe('drawing.png');
  });

  it('says when a state is too large to save, until it changes', async () => {
    localStorage.setItem(OPEN_KEY, CAT);
    let saves = 0;
    const fetchMock = serve({
      [`/api/projects/${CAT}`]: ({ init }) =>
        init?.method !== 'PUT'
          ? project(CAT, 'Cat in Box')
          : ++saves === 1
            ? Response.json(
                { message: STATE_TOO_LARGE_MESSAGE, code: 'STATE_TOO_LARGE' },
                { status: 413 },
              )
            : { id: CAT, updatedAt: CHANGED },
    });
    renderWorkspace();
    await screen.findByText('Saved');
    fireEvent.change(screen.getByLabelText('Fill level'), { target: { value: '80' } });
    const said = `Not saved. ${STATE_TOO_LARGE_MESSAGE}`;
    expect(await screen.findByText(said, {}, { timeout: 3 * AUTOSAVE_DELAY_MS })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Fill level'), { target: { value: '70' } });
    expect(await screen.findByText('Saved', {}, { timeout: 3 * AUTOSAVE_DELAY_MS })).toBeTruthy();
    expect(methodsTo(fetchMock, `/api/projects/${CAT}`)).toEqual(['GET', 'PUT', 'PUT']);
  });

  it('shows the storage used, again after a project is made or deleted and a video is created', async () => {
    let usedBytes = STORAGE.usedBytes;
    const fetchMock = serve({ '/api/storage': () => ({ ...STORAGE, usedBytes }) });
    renderWorkspace();
    expect(await screen.findByText('Storage: 12.5 MB of 250 MB used')).toBeTruthy();

    usedBytes = 14 * MB;
    await userEvent.upload(
      screen.getByLabelText('Choose an image file'),
      new File([pngHeader(80, 60)], 'drawing.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Storage: 14 MB of 250 MB used')).toBeTruthy();

    usedBytes = 9 * MB;
    await userEvent.click(screen.getByRole('button', { name: 'Delete project Classic Car' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Storage: 9 MB of 250 MB used')).toBeTruthy();

    // The upload waiting for its render counts.
    usedBytes = 10 * MB;
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Storage: 10 MB of 250 MB used')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/storage')).toHaveLength(4);
  });

  it('says what to do once the storage is full', async () => {
    const full = { usedBytes: 250 * MB, quotaBytes: 250 * MB };
    serve({ '/api/storage': () => full });
    renderWorkspace();
    expect(await screen.findByText(storageFullMessage(full))).toBeTruthy();
  });

  it('opens a recent project again, with its image, zones and settings', async () => {
    serve();
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'Open again: Classic Car' }));
    expect(await screen.findByRole('img', { name: 'Classic Car.png' })).toBeTruthy();
    expect(screen.queryByLabelText('Zone 1 direction')).toBeNull();
    expect(value('Drawing time (seconds)')).toBe('8');
    expect(localStorage.getItem(OPEN_KEY)).toBe(CAR);
    // Now it is open, the other one is the recent one.
    expect(
      within(recent())
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Cat in Box']);
  });

  it('deletes a recent project after asking', async () => {
    const fetchMock = serve();
    renderWorkspace();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete project Classic Car' }),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete "Classic Car"?');
    expect(methodsTo(fetchMock, `/api/projects/${CAR}`)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(methodsTo(fetchMock, `/api/projects/${CAR}`)).toEqual(['DELETE']));
  });

  it('clears the workspace when a video is made, and keeps its project first among the recent ones', async () => {
    localStorage.setItem(OPEN_KEY, CAT);
    const fetchMock = serve();
    renderWorkspace();
    await screen.findByRole('img', { name: 'Cat in Box.png' });
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Drop your image here')).toBeTruthy();
    // The video was made from the project's work: its zones, settings and stroke edits.
    const [sent] = requestsTo(fetchMock, '/api/videos/create');
    expect(JSON.parse((sent?.body as FormData).get('blobData') as string)).toMatchObject({
      strokeMasks: [{ id: '1', direction: 'Top to bottom', fillLevel: 70 }],
      grayscaleLevel: 191,
      drawingTime: 8,
      edits: EDITS,
    });
    expect(localStorage.getItem(OPEN_KEY)).toBeNull();
    // Saved once more as it was, so its change is the newest.
    await waitFor(() =>
      expect(methodsTo(fetchMock, `/api/projects/${CAT}`)).toEqual(['GET', 'PUT']),
    );
    await waitFor(() =>
      expect(
        within(recent())
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Cat in Box', 'Classic Car']),
    );
  });
});

/** A voice-over this long: longer than the longest drawing. */
const VOICE_SECONDS = 120;
const VOICE: ProjectAudioFile = {
  url: `/api/projects/${CAT}/audio/voice`,
  durationSeconds: VOICE_SECONDS,
  bytes: 2 * MB,
  fileName: 'Intro.m4a',
};

/**
 * jsdom decodes no audio: this decodes any file as silence `VOICE_SECONDS` long (the page only
 * reads its length and samples).
 */
class SilentOfflineAudioContext {
  decodeAudioData() {
    const sampleRate = 8000;
    return Promise.resolve({
      duration: VOICE_SECONDS,
      sampleRate,
      numberOfChannels: 1,
      getChannelData: () => new Float32Array(VOICE_SECONDS * sampleRate),
    });
  }
}

describe('the sound of a project', () => {
  beforeEach(() => vi.stubGlobal('OfflineAudioContext', SilentOfflineAudioContext));

  function serveWithVoice(routes: Record<string, FakeAnswer> = {}) {
    const cat: Project = {
      ...project(CAT, 'Cat in Box'),
      audioFiles: { voice: VOICE },
    };
    cat.state.audio = { voice: { trimStart: 2, gainDb: -3 } };
    return serve({
      [`/api/projects/${CAT}`]: ({ init }) =>
        init?.method === 'PUT' ? { id: CAT, updatedAt: CHANGED } : cat,
      [VOICE.url]: () =>
        new Response(new Uint8Array(64), { headers: { 'content-type': 'audio/mp4' } }),
      ...routes,
    });
  }

  const savedStates = (fetchMock: ReturnType<typeof serve>) =>
    requestsTo(fetchMock, `/api/projects/${CAT}`)
      .filter((init) => init?.method === 'PUT')
      .map((init) => (JSON.parse(init?.body as string) as { state: Project['state'] }).state);

  it('opens with its voice-over trimmed as saved, fits the drawing to it, saves and sends it', async () => {
    localStorage.setItem(OPEN_KEY, CAT);
    const fetchMock = serveWithVoice();
    renderWorkspace();
    const start = await screen.findByRole('slider', { name: 'Voice-over start' });
    expect(screen.getByText('Intro.m4a · 2:00')).toBeTruthy();
    expect(start.getAttribute('aria-valuenow')).toBe('2');
    const end = screen.getByRole('slider', { name: 'Voice-over end' });
    expect(end.getAttribute('aria-valuenow')).toBe(String(VOICE_SECONDS));
    expect(value('Voice-over loudness')).toBe('-3');

    // The end handle by keyboard: a second earlier with Page Down.
    end.focus();
    await userEvent.keyboard('{PageDown}');
    expect(end.getAttribute('aria-valuetext')).toBe(`${VOICE_SECONDS - 1}.0 s`);

    // 117 s of voice: the drawing takes its longest, and the picture stays until the voice ends.
    await userEvent.click(
      screen.getByRole('button', { name: 'Fit the drawing to the voice-over' }),
    );
    expect(value('Drawing time (seconds)')).toBe(String(DRAWING_TIME.max));
    expect(screen.getByText(/longer than 100 s: the drawing takes 100 s/)).toBeTruthy();
    expect(
      screen.getByText(
        /^The video lasts 117\.5 s: the drawing, the colouring, then the finished picture until the voice-over ends\.$/,
      ),
    ).toBeTruthy();

    await waitFor(() => expect(savedStates(fetchMock).at(-1)?.settings.drawingTime).toBe(100), {
      timeout: 3 * AUTOSAVE_DELAY_MS,
    });
    expect(savedStates(fetchMock).at(-1)?.audio?.voice).toEqual({
      trimStart: 2,
      trimEnd: VOICE_SECONDS - 1,
      gainDb: -3,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/videos/create')).toHaveLength(1));
    const form = requestsTo(fetchMock, '/api/videos/create')[0]?.body as FormData;
    const voice = form.get('voice') as File;
    expect([voice.name, voice.type, voice.size]).toEqual(['voice.m4a', 'audio/mp4', 64]);
    expect(form.get('music')).toBeNull();
    expect(JSON.parse(form.get('blobData') as string)).toMatchObject({
      drawingTime: 100,
      audio: { voice: { trimStart: 2, trimEnd: VOICE_SECONDS - 1, gainDb: -3 } },
    });
  });

  it("checks a music file before sending it, and shows the server's refusal", async () => {
    localStorage.setItem(OPEN_KEY, CAT);
    const music = `/api/projects/${CAT}/audio/music`;
    const fetchMock = serveWithVoice({
      [music]: () =>
        Response.json(
          { message: AUDIO_MESSAGES.channels, code: 'AUDIO_CHANNELS' },
          { status: 400 },
        ),
    });
    renderWorkspace();
    const picker = await screen.findByLabelText('Choose a music file');
    const card = screen.getByRole('region', { name: 'Voice-over and Music' });

    await userEvent.upload(picker, new File(['words'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(within(card).getByRole('alert').textContent).toBe(AUDIO_MESSAGES.notAudio);
    expect(requestsTo(fetchMock, music)).toHaveLength(0);

    await userEvent.upload(picker, new File(['sound'], 'surround.flac', { type: 'audio/flac' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe(AUDIO_MESSAGES.channels),
    );
    const sent = requestsTo(fetchMock, music)[0]?.body as FormData;
    expect((sent.get('audio') as File).name).toBe('surround.flac');
  });

  it('sends no sound with a project that has none, and saves no audio settings', async () => {
    localStorage.setItem(OPEN_KEY, CAT);
    const fetchMock = serve();
    renderWorkspace();
    await screen.findByRole('img', { name: 'Cat in Box.png' });
    fireEvent.change(screen.getByLabelText('Fill level'), { target: { value: '80' } });
    await waitFor(() => expect(savedStates(fetchMock)).toHaveLength(1), {
      timeout: 3 * AUTOSAVE_DELAY_MS,
    });
    expect('audio' in (savedStates(fetchMock)[0] ?? {})).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/videos/create')).toHaveLength(1));
    const form = requestsTo(fetchMock, '/api/videos/create')[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['image', 'blobData']);
    expect('audio' in JSON.parse(form.get('blobData') as string)).toBe(false);
  });
});
