import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render-app';
import { serveApi } from '@/test/serve-api';
import { DevelopersPage } from './developers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A description as the server would give it, cut to what the page reads. */
const DESCRIPTION = {
  info: { title: 'Rasma API', description: '' },
  paths: {
    '/api/videos/create': {
      post: {
        operationId: 'createVideo',
        summary: 'Create a video from an upload',
        'x-rasma-scope': 'videos:create',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                properties: { image: {}, blobData: {} },
                patternProperties: { '^scene-[1-9]$': {} },
              },
            },
          },
        },
        responses: {
          '201': { description: 'Done' },
          '429': { description: 'Too many requests' },
        },
        'x-codeSamples': [{ lang: 'Shell', label: 'Create one', source: 'curl -F image=@a.webp' }],
      },
    },
  },
  webhooks: {},
  'x-rasma-token-scopes': { 'videos:create': 'Create videos' },
  'x-rasma-export-formats': {},
};

describe('the developers page', () => {
  it('renders the calls of the description it fetches', async () => {
    serveApi({ '/api/openapi.json': () => DESCRIPTION });
    renderInApp(<DevelopersPage />, '/developers');
    const call = await screen.findByRole('article', { name: 'POST /api/videos/create' });
    expect(call.textContent).toContain('Scope: videos:create');
    expect(call.textContent).toContain('multipart parts image, blobData, scene-[1-9]');
    expect(call.textContent).toContain('429Too many requests');
    expect(screen.getByRole('figure', { name: /Create one/ }).textContent).toContain(
      'curl -F image=@a.webp',
    );
  });

  it('says so when the description cannot be loaded, and tries again', async () => {
    let answers = 0;
    serveApi({
      '/api/openapi.json': () =>
        ++answers === 1 ? new Response('', { status: 503 }) : DESCRIPTION,
    });
    renderInApp(<DevelopersPage />, '/developers');
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Reference' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
