import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authUserQuery } from '@/features/auth/api';
import { createQueryClient } from '@/lib/query-client';
import { USER, pngHeader } from '@/test/fixtures';
import { renderInApp } from '@/test/render-app';
import { serveApi } from '@/test/serve-api';
import { Workspace } from './workspace';

class SilentEventSource {
  onmessage = null;
  close() {}
}

beforeEach(() => {
  vi.stubGlobal('EventSource', SilentEventSource);
  // jsdom has no object URLs.
  URL.createObjectURL = () => 'blob:chosen';
  URL.revokeObjectURL = () => {};
  serveApi({
    '/api/user/ai-preference': () => ({ aiModel: 'rasma-ai' }),
    '/api/credits': () => ({ credits: 40 }),
    '/api/videos?page=1': () => ({
      videos: [],
      pagination: { currentPage: 1, totalPages: 1, hasPrev: false, hasNext: false },
    }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWorkspace() {
  const client = createQueryClient();
  client.setQueryData(authUserQuery.queryKey, USER);
  renderInApp(<Workspace />, '/', client);
}

const chooseFile = (name: string) =>
  userEvent.upload(
    screen.getByLabelText('Choose an image file'),
    new File([pngHeader(80, 60)], name, { type: 'image/png' }),
  );
const fill = () => screen.getByLabelText<HTMLInputElement>('Fill level');

describe('the workspace', () => {
  it('offers the upload card, with samples, until an image is chosen', async () => {
    renderWorkspace();
    expect(screen.getByText('Drop your image here')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use My Own File' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use Sample Image' }));
    // The samples' dialog loads on its first opening: slowly on a busy machine.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(
      expect.arrayContaining([
        'Strong Character',
        'Warrior Scene',
        'Cat in Box',
        'Brain Diagram',
        'Classic Car',
        'Portrait Sketch',
      ]),
    );
  });

  it('shows the chosen image with the settings, and starts each new image at the default fill', async () => {
    renderWorkspace();
    await chooseFile('first.png');
    expect(screen.getByRole('img', { name: 'first.png' })).toBeTruthy();
    expect(fill().value).toBe('50');
    fireEvent.change(fill(), { target: { value: '80' } });
    expect(fill().value).toBe('80');

    await userEvent.click(screen.getByRole('button', { name: 'Choose Another Image' }));
    await chooseFile('second.png');
    expect(screen.getByRole('img', { name: 'second.png' })).toBeTruthy();
    expect(fill().value).toBe('50');
  });
});
