import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_TOKEN_MESSAGES,
  TOKEN_SCOPE_LABELS,
  type ApiToken,
  type CreateApiTokenRequest,
} from '@/lib/contract';
import { renderInApp } from '@/test/render-app';
import { requestsTo, serveApi } from '@/test/serve-api';
import { ApiTokensSection } from './api-tokens-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = `rasma_pat_${'a'.repeat(43)}`;
const USED: ApiToken = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Course platform',
  scopes: ['videos:read', 'videos:create'],
  prefix: 'rasma_pat_Xy12',
  createdAt: '2030-01-15T10:00:00.000Z',
  lastUsedAt: '2030-01-20T15:05:00.000Z',
};

/** The account's token calls, answered from a list kept here; `refuseCreate` answers a create. */
function serveTokens(tokens: ApiToken[], refuseCreate?: Response) {
  return serveApi({
    '/api/account/tokens': ({ init }) => {
      if (init?.method !== 'POST') return { tokens };
      if (refuseCreate) return refuseCreate;
      const body = JSON.parse(init.body as string) as CreateApiTokenRequest;
      const apiToken: ApiToken = {
        id: '22222222-2222-4222-8222-222222222222',
        ...body,
        prefix: TOKEN.slice(0, 14),
        createdAt: '2030-02-01T09:00:00.000Z',
        lastUsedAt: null,
      };
      tokens.unshift(apiToken);
      return Response.json({ token: TOKEN, apiToken }, { status: 201 });
    },
    [`/api/account/tokens/${USED.id}`]: () => {
      tokens.splice(tokens.indexOf(USED), 1);
      return { message: 'API token revoked' };
    },
  });
}

const tokenList = () => screen.findByRole('list', { name: 'API tokens' });

describe('the account page’s API tokens', () => {
  it('lists each token by name, prefix, scopes, creation and last use', async () => {
    serveTokens([
      USED,
      { ...USED, id: '33333333-3333-4333-8333-333333333333', name: 'Unused', lastUsedAt: null },
    ]);
    renderInApp(<ApiTokensSection />, '/account');
    const [used, unused] = within(await tokenList()).getAllByRole('listitem');
    expect(used!.textContent).toContain('Course platform');
    expect(used!.textContent).toContain('rasma_pat_Xy12…');
    expect(used!.textContent).toContain('videos:read, videos:create');
    expect(used!.textContent).toContain('Created January 15, 2030');
    expect(used!.textContent).toContain('Last used January 20, 2030');
    expect(unused!.textContent).toContain('Never used');
  });

  it('creates a token with the scopes ticked and shows it once, with a Copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = serveTokens([]);
    renderInApp(<ApiTokensSection />, '/account');
    await screen.findByText('No API tokens yet.');

    await user.type(screen.getByLabelText('Token name'), 'Nightly job');
    await user.click(screen.getByLabelText(TOKEN_SCOPE_LABELS.projects));
    await user.click(screen.getByLabelText(TOKEN_SCOPE_LABELS['videos:read']));
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const notice = await screen.findByRole('region', { name: 'Your new API token' });
    expect(notice.textContent).toContain(TOKEN);
    expect(notice.textContent).toContain('it will not be shown again');
    const [create] = requestsTo(fetchMock, '/api/account/tokens').filter(
      (init) => init?.method === 'POST',
    );
    expect(JSON.parse(create!.body as string)).toEqual({
      name: 'Nightly job',
      scopes: ['videos:read', 'projects'],
    });
    await user.click(within(notice).getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    // The list shows the new token by its prefix only.
    const item = within(await tokenList()).getByRole('listitem');
    expect(item.textContent).toContain('Nightly job');
    expect(item.textContent).not.toContain(TOKEN);

    await user.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(TOKEN)).toBeNull();
  });

  it('says what is missing before sending, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const tooMany = Response.json(
      { message: API_TOKEN_MESSAGES.tooMany, code: 'TOO_MANY_TOKENS' },
      { status: 409 },
    );
    const fetchMock = serveTokens([USED], tooMany);
    renderInApp(<ApiTokensSection />, '/account');
    await tokenList();

    await user.type(screen.getByLabelText('Token name'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one scope');
    expect(requestsTo(fetchMock, '/api/account/tokens')).toHaveLength(1);

    await user.click(screen.getByLabelText(TOKEN_SCOPE_LABELS['videos:create']));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByText(API_TOKEN_MESSAGES.tooMany);
    expect(screen.queryByRole('region', { name: 'Your new API token' })).toBeNull();
  });

  it('revokes a token once confirmed', async () => {
    const user = userEvent.setup();
    const fetchMock = serveTokens([USED]);
    renderInApp(<ApiTokensSection />, '/account');
    await user.click(
      within(await tokenList()).getByRole('button', { name: 'Revoke Course platform' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(requestsTo(fetchMock, `/api/account/tokens/${USED.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('No API tokens yet.');
    expect(requestsTo(fetchMock, `/api/account/tokens/${USED.id}`)[0]?.method).toBe('DELETE');
  });
});
