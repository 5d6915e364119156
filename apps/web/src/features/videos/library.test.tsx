import type { Video, VideoExport, VideoProgressEvent } from '@rasma/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authUserQuery } from '@/features/auth/api';
import { CreditsButton } from '@/features/credits/credits-button';
import { toast } from '@/hooks/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { USER } from '@/test/fixtures';
import { renderInApp } from '@/test/render-app';
import { requestsTo, serveApi, type FakeAnswer } from '@/test/serve-api';
import { EXPORT_POLL_MS } from './api';
import { Library } from './library';

vi.mock(import('@/hooks/use-toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  toast: vi.fn(),
}));

/** The one EventSource the library opens, to send events through. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
  send(event: Omit<VideoProgressEvent, 'type'>) {
    const data = JSON.stringify({ type: 'videoProgress', ...event });
    act(() => this.onmessage?.(new MessageEvent('message', { data })));
  }
}

const video = (id: string, changes: Partial<Video> = {}): Video => ({
  id,
  title: `Video ${id}`,
  description: null,
  status: 'completed',
  progress: 100,
  thumbnailUrl: `${id}.jpg`,
  createdAt: '2026-11-21T10:00:00.000Z',
  aiModel: 'rasma-ai',
  durationSeconds: 15,
  sceneCount: 1,
  exports: [],
  ...changes,
});

const DRAWING = video('a', { status: 'processing', progress: 10, thumbnailUrl: null });
const DONE = video('b', { title: 'Cat in Box' });
const pageOf = (videos: Video[], page = 1, totalPages = 1) => ({
  videos,
  pagination: { currentPage: page, totalPages, hasPrev: page > 1, hasNext: page < totalPages },
});

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

function renderLibrary(page = 1, onPage = () => {}) {
  const client = createQueryClient();
  client.setQueryData(authUserQuery.queryKey, USER);
  // The balance is on screen (in the navbar) whenever the library is.
  return renderInApp(
    <>
      <CreditsButton />
      <Library page={page} onPage={onPage} />
    </>,
    '/',
    client,
  );
}

/** The API with the balance and the recent images the refreshes read. */
const serveLibrary = (routes: Record<string, FakeAnswer>) =>
  serveApi({ '/api/credits': () => ({ credits: 30 }), '/api/images': () => [], ...routes });

const card = async (title: string) => within(await screen.findByRole('listitem', { name: title }));

/** Whether each named button of a card can be used. */
const usable = (scope: Awaited<ReturnType<typeof card>>, ...names: string[]) =>
  names.map((name) => !scope.getByRole<HTMLButtonElement>('button', { name }).disabled);

describe('the library', () => {
  it("shows a story's scene count and its whole length", async () => {
    const story = video('s', { title: 'Three Acts', sceneCount: 3, durationSeconds: 74.5 });
    serveLibrary({ '/api/videos?page=1': () => pageOf([story]) });
    renderLibrary();
    expect((await card('Three Acts')).getByText(/Rasma AI · 3 scenes · 1:15$/)).toBeTruthy();
  });

  it('shows each video with what can be done with it', async () => {
    serveLibrary({ '/api/videos?page=1': () => pageOf([DRAWING, DONE]) });
    renderLibrary();
    const done = await card('Cat in Box');
    expect(await done.findByText('Completed')).toBeTruthy();
    expect(done.getByText(/Rasma AI · 0:15/)).toBeTruthy();
    expect(done.queryByText(/scene/)).toBeNull();
    const thumbnail = screen.getByRole('listitem', { name: 'Cat in Box' }).querySelector('img');
    expect(thumbnail?.getAttribute('src')).toBe('/api/thumbnails/b.jpg');
    const drawing = await card('Video a');
    expect(drawing.getByText('Drawing... 10%')).toBeTruthy();
    expect(usable(drawing, 'Play', 'Download Video a', 'Delete Video a')).toEqual([
      false,
      false,
      false,
    ]);
    expect(usable(done, 'Play', 'Download Cat in Box', 'Delete Cat in Box')).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("shows a failed video's refund and lets it be deleted but not downloaded", async () => {
    serveLibrary({ '/api/videos?page=1': () => pageOf([video('c', { status: 'failed' })]) });
    renderLibrary();
    const failed = await card('Video c');
    expect(
      await failed.findByText("Video creation didn't work, we refunded your credits"),
    ).toBeTruthy();
    expect(usable(failed, 'Play', 'Download Video c', 'Delete Video c')).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("follows the user's progress stream and refreshes the list and balance at the end", async () => {
    const fetchMock = serveLibrary({
      '/api/videos?page=1': () => pageOf([DRAWING, DONE]),
    });
    renderLibrary();
    await (await card('Video a')).findByText('Drawing... 10%');
    const stream = FakeEventSource.last;
    expect(stream?.url).toBe(`/api/video-progress/${USER.id}`);
    expect(stream?.init).toEqual({ withCredentials: true });

    stream?.send({ videoId: 'a', progress: 42, status: 'processing' });
    expect((await card('Video a')).getByText('Drawing... 42%')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/videos?page=1')).toHaveLength(1);

    stream?.send({ videoId: 'a', progress: 100, status: 'completed' });
    expect((await card('Video a')).getByText('Completed')).toBeTruthy();
    await waitFor(() => expect(requestsTo(fetchMock, '/api/videos?page=1')).toHaveLength(2));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/credits')).toHaveLength(2));

    // A reconnect's catch-up repeats the ending: nothing is fetched again.
    stream?.send({ videoId: 'a', progress: 100, status: 'completed' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requestsTo(fetchMock, '/api/videos?page=1')).toHaveLength(2);
  });

  it('asks before deleting, then deletes and says so', async () => {
    const fetchMock = serveLibrary({
      '/api/videos?page=1': () => pageOf([DONE]),
      '/api/videos/b': () => ({ message: 'Video deleted' }),
    });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Cat in Box' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText(
        'Are you sure you want to delete "Cat in Box"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Video Deleted' })),
    );
    expect(requestsTo(fetchMock, '/api/videos/b')[0]?.method).toBe('DELETE');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("offers a finished video's MP4 and exports: a made one downloads, a WebM is made on asking", async () => {
    const made = { format: 'gif', status: 'completed', bytes: 1000 } as const;
    let webm: VideoExport | undefined;
    const fetchMock = serveLibrary({
      '/api/videos?page=1': () => {
        const exports = webm ? [made, webm] : [made];
        // Read once while being made, then made.
        if (webm) webm = { ...webm, status: 'completed', bytes: 2000 };
        return pageOf([{ ...DONE, exports }]);
      },
      '/api/videos/b/exports': () => {
        webm = { format: 'webm', status: 'processing', bytes: null };
        return { export: webm };
      },
    });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Download Cat in Box' }));
    const menu = within(screen.getByRole('dialog', { name: 'Download Cat in Box' }));
    expect(menu.getByRole('button', { name: 'Download MP4' })).toBeTruthy();
    expect(menu.getByRole('button', { name: 'Download GIF' })).toBeTruthy();
    // The transparent WebM is only had by choosing it at Generate.
    expect(menu.queryByText('Transparent WebM')).toBeNull();

    await userEvent.click(menu.getByRole('button', { name: 'Make WebM' }));
    expect(JSON.parse(requestsTo(fetchMock, '/api/videos/b/exports')[0]?.body as string)).toEqual({
      format: 'webm',
    });
    expect(await menu.findByText(/Making WebM/)).toBeTruthy();
    expect(
      await menu.findByRole('button', { name: 'Download WebM' }, { timeout: 3 * EXPORT_POLL_MS }),
    ).toBeTruthy();
  });

  it('pages with Previous and Next', async () => {
    serveLibrary({ '/api/videos?page=2': () => pageOf([DONE], 2, 3) });
    const onPage = vi.fn();
    renderLibrary(2, onPage);
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith(1);
  });
});
