import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_TOO_LARGE_MESSAGE, STORAGE_LIMITS, type ProjectStateInput } from '@/lib/contract';
import { createQueryClient } from '@/lib/query-client';
import { requestsTo, serveApi, type FakeAnswer } from '@/test/serve-api';
import { AUTOSAVE_DELAY_MS, RETRY_DELAY_MS } from './project-saver';
import { useProjectAutosave, type AutosaveOptions } from './use-project-autosave';

const ID = '5d1c7c1e-8c1b-4a55-9b8e-0f5c1d2e3a4b';
const IMAGE = new File(['image bytes'], 'Cat in Box.webp', { type: 'image/webp' });
const SAVED = { id: ID, updatedAt: '2026-11-25T10:00:00.000Z' };

/** A state with this fill level: each call is a new object, as each change in the editor is. */
const stateWith = (grayscaleLevel: number): ProjectStateInput => ({
  zones: [],
  settings: { grayscaleLevel },
  inverted: false,
});

/** The state the editor opened with: the same object on each render until something changes. */
const OPENED = stateWith(128);

/** A state whose JSON is `bytes` long, give or take a few (one zone of many points). */
function stateOfBytes(bytes: number): ProjectStateInput {
  const point = { x: 1000.5, y: 2000.25 }; // 25 bytes of JSON with its comma
  const zone = { id: '1', points: Array.from({ length: Math.round(bytes / 25) }, () => point) };
  return {
    ...stateWith(128),
    zones: [{ ...zone, brushSize: 20, direction: 'Left to right', fillLevel: 50 }],
  };
}

const tooLarge = (message = STATE_TOO_LARGE_MESSAGE) =>
  Response.json({ message, code: 'STATE_TOO_LARGE' }, { status: 413 });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function serve(routes: Record<string, FakeAnswer> = {}) {
  return serveApi({
    [`/api/projects/${ID}`]: () => SAVED,
    '/api/projects': ({ init }) =>
      init?.method === 'POST'
        ? Response.json(
            {
              ...SAVED,
              title: 'Cat in Box',
              fileName: IMAGE.name,
              state: OPENED,
              imageUrl: `/api/projects/${ID}/image`,
            },
            { status: 201 },
          )
        : [],
    ...routes,
  });
}

function renderAutosave(initial: Partial<AutosaveOptions> = {}) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const onCreated = vi.fn();
  const hook = renderHook(
    (props: Partial<AutosaveOptions>) =>
      useProjectAutosave({
        projectId: ID,
        image: IMAGE,
        state: OPENED,
        onCreated,
        ...initial,
        ...props,
      }),
    // As in the app: strict mode mounts each component twice, which must not save twice.
    { wrapper, initialProps: {}, reactStrictMode: true },
  );
  return { ...hook, onCreated };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const sentStates = (fetchMock: ReturnType<typeof serve>) =>
  requestsTo(fetchMock, `/api/projects/${ID}`).map(
    (init) => (JSON.parse(init?.body as string) as { state: ProjectStateInput }).state,
  );

describe('the autosave', () => {
  it('sends nothing for a project just opened: it is saved already', async () => {
    const fetchMock = serve();
    const { result } = renderAutosave();
    await wait(10 * AUTOSAVE_DELAY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.status).toBe('saved');
  });

  it('saves a burst of changes in one request, a second after the last one', async () => {
    const fetchMock = serve();
    const { result, rerender } = renderAutosave();
    for (const level of [100, 110, 120, 130, 140]) {
      rerender({ state: stateWith(level) });
      await wait(AUTOSAVE_DELAY_MS / 2);
    }
    expect(result.current.status).toBe('saving');
    expect(sentStates(fetchMock)).toEqual([]);
    await wait(AUTOSAVE_DELAY_MS / 2);
    expect(sentStates(fetchMock)).toEqual([stateWith(140)]);
    expect(requestsTo(fetchMock, `/api/projects/${ID}`)[0]?.method).toBe('PUT');
    expect(result.current.status).toBe('saved');
    await wait(10 * AUTOSAVE_DELAY_MS);
    expect(sentStates(fetchMock)).toHaveLength(1);
  });

  it('creates the project at once from a new image, then saves its changes to it', async () => {
    const fetchMock = serve();
    const { result, rerender, onCreated } = renderAutosave({ projectId: null });
    expect(result.current.status).toBe('saving');
    await wait(0);
    const [created] = requestsTo(fetchMock, '/api/projects');
    expect(created?.method).toBe('POST');
    const form = created?.body as FormData;
    expect((form.get('image') as File).name).toBe('Cat in Box.webp');
    expect(JSON.parse(form.get('state') as string)).toEqual(stateWith(128));
    expect(onCreated).toHaveBeenCalledWith(ID);
    expect(result.current.status).toBe('saved');

    rerender({ state: stateWith(200) });
    await wait(AUTOSAVE_DELAY_MS);
    expect(sentStates(fetchMock)).toEqual([stateWith(200)]);
    // The image went once, with the creation.
    expect(requestsTo(fetchMock, '/api/projects')).toHaveLength(1);
  });

  it('says so when a save fails, and tries again until it succeeds', async () => {
    let answers = 0;
    const fetchMock = serve({
      [`/api/projects/${ID}`]: () =>
        ++answers < 3
          ? Response.json({ message: 'Down', code: 'SERVICE_UNAVAILABLE' }, { status: 503 })
          : SAVED,
    });
    const { result, rerender } = renderAutosave();
    rerender({ state: stateWith(90) });
    await wait(AUTOSAVE_DELAY_MS);
    expect(result.current.status).toBe('failed');
    await wait(RETRY_DELAY_MS.first);
    expect(result.current.status).toBe('failed');
    // Each wait is twice the one before.
    await wait(2 * RETRY_DELAY_MS.first - 1);
    expect(sentStates(fetchMock)).toHaveLength(2);
    await wait(1);
    expect(sentStates(fetchMock)).toEqual([stateWith(90), stateWith(90), stateWith(90)]);
    expect(result.current.status).toBe('saved');
  });

  it('sends nothing when the state changes back to what is saved', async () => {
    const fetchMock = serve();
    const { result, rerender } = renderAutosave();
    rerender({ state: stateWith(90) });
    await wait(AUTOSAVE_DELAY_MS / 2);
    rerender({ state: stateWith(128) });
    await wait(10 * AUTOSAVE_DELAY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.status).toBe('saved');
  });

  it('waits as long as a busy server asks (429 Retry-After) before trying again', async () => {
    let answers = 0;
    const fetchMock = serve({
      [`/api/projects/${ID}`]: () =>
        ++answers === 1
          ? Response.json(
              { message: 'Too many saves', code: 'RATE_LIMITED' },
              { status: 429, headers: { 'Retry-After': '20' } },
            )
          : SAVED,
    });
    const { result, rerender } = renderAutosave();
    rerender({ state: stateWith(90) });
    await wait(AUTOSAVE_DELAY_MS);
    expect(result.current.status).toBe('failed');
    await wait(20_000 - 1);
    expect(sentStates(fetchMock)).toHaveLength(1);
    await wait(1);
    expect(sentStates(fetchMock)).toHaveLength(2);
    expect(result.current.status).toBe('saved');
  });

  it('stops sending a state the server finds too large, says why, and goes on once it changes', async () => {
    let answers = 0;
    const fetchMock = serve({
      [`/api/projects/${ID}`]: () => (++answers === 1 ? tooLarge() : SAVED),
    });
    const { result, rerender } = renderAutosave();
    rerender({ state: stateWith(90) });
    await wait(AUTOSAVE_DELAY_MS);
    expect(result.current.status).toBe('too-large');
    act(() => result.current.saveNow());
    await wait(RETRY_DELAY_MS.max * 2);
    expect(sentStates(fetchMock)).toHaveLength(1);
    expect(result.current.status).toBe('too-large');

    rerender({ state: stateWith(91) });
    expect(result.current.status).toBe('saving');
    await wait(AUTOSAVE_DELAY_MS);
    expect(sentStates(fetchMock)).toEqual([stateWith(90), stateWith(91)]);
    expect(result.current.status).toBe('saved');
  });

  it('does not send a state over the limit at all', async () => {
    const fetchMock = serve();
    const { result, rerender } = renderAutosave();
    const limit = STORAGE_LIMITS.maxStateBytes;
    rerender({ state: stateOfBytes(limit + 100) });
    await wait(AUTOSAVE_DELAY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.status).toBe('too-large');

    const justUnder = stateOfBytes(limit - 200);
    expect(new TextEncoder().encode(JSON.stringify(justUnder)).length).toBeLessThan(limit);
    rerender({ state: justUnder });
    await wait(AUTOSAVE_DELAY_MS);
    expect(sentStates(fetchMock)).toEqual([justUnder]);
    expect(result.current.status).toBe('saved');
  });

  it.each([
    [
      'STORAGE_QUOTA_REACHED',
      409,
      'Your storage is full (250 MB of 250 MB used). Delete projects.',
    ],
    ['TOO_MANY_NEW_PROJECTS', 429, 'You started 30 projects in the last day.'],
    ['TOO_MANY_PROJECTS', 409, 'You have 100 projects. Delete one to start another.'],
  ])(
    'stops when the project cannot be made (%s), with the server’s reason',
    async (code, status, message) => {
      const fetchMock = serve({
        '/api/projects': () => Response.json({ message, code }, { status }),
      });
      const { result, rerender, onCreated } = renderAutosave({ projectId: null });
      await wait(0);
      expect(result.current).toMatchObject({ status: 'refused', refusal: message });
      rerender({ state: stateWith(90) });
      await wait(RETRY_DELAY_MS.max * 2);
      expect(requestsTo(fetchMock, '/api/projects')).toHaveLength(1);
      expect(onCreated).not.toHaveBeenCalled();
    },
  );

  it('stops for a project deleted meanwhile, and says so', async () => {
    const fetchMock = serve({
      [`/api/projects/${ID}`]: () =>
        Response.json({ message: 'Project not found', code: 'NOT_FOUND' }, { status: 404 }),
    });
    const { result, rerender } = renderAutosave();
    rerender({ state: stateWith(90) });
    await wait(AUTOSAVE_DELAY_MS);
    expect(result.current.status).toBe('gone');
    rerender({ state: stateWith(91) });
    await wait(RETRY_DELAY_MS.max * 2);
    expect(sentStates(fetchMock)).toHaveLength(1);
  });

  it('sends what is not saved yet when the editor closes', async () => {
    const fetchMock = serve();
    const { rerender, unmount } = renderAutosave();
    rerender({ state: stateWith(60) });
    await wait(AUTOSAVE_DELAY_MS / 4);
    unmount();
    await wait(0);
    expect(sentStates(fetchMock)).toEqual([stateWith(60)]);
  });

  it('sends a change not saved yet as the page goes away, in a request that outlives it', async () => {
    const fetchMock = serve();
    const { rerender } = renderAutosave();
    rerender({ state: stateWith(70) });
    window.dispatchEvent(new Event('pagehide'));
    const [sent] = requestsTo(fetchMock, `/api/projects/${ID}`);
    expect(sent).toMatchObject({ method: 'PUT', keepalive: true });
    expect(JSON.parse(sent?.body as string)).toEqual({ state: stateWith(70) });
  });

  it('saves at once when asked, changed or not (a video was made from it)', async () => {
    const fetchMock = serve();
    const { result } = renderAutosave();
    act(() => result.current.saveNow());
    await wait(0);
    expect(sentStates(fetchMock)).toEqual([stateWith(128)]);
  });
});
