import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  WEBHOOK_MESSAGES,
  type CreateWebhookRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@/lib/contract';
import { renderInApp } from '@/test/render-app';
import { requestsTo, serveApi } from '@/test/serve-api';
import { WEBHOOK_EVENT_LABELS } from './event-labels';
import { WebhooksSection } from './webhooks-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SECRET = `whsec_${'b'.repeat(43)}`;
const delivery = (changes: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: '44444444-4444-4444-8444-444444444444',
  event: 'video.completed',
  videoId: '55555555-5555-4555-8555-555555555555',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  createdAt: '2030-01-20T15:05:00.000Z',
  deliveredAt: '2030-01-20T15:05:02.000Z',
  ...changes,
});
const ENDPOINT: WebhookEndpoint = {
  id: '11111111-1111-4111-8111-111111111111',
  url: 'https://example.com/hooks',
  events: ['video.completed', 'video.failed'],
  createdAt: '2030-01-15T10:00:00.000Z',
  deliveries: [
    delivery({
      id: '66666666-6666-4666-8666-666666666666',
      event: 'video.failed',
      status: 'pending',
      attempts: 2,
      lastStatusCode: 500,
      lastError: 'The receiver answered 500',
      deliveredAt: null,
    }),
    delivery({}),
  ],
};

/** The account's webhook calls, answered from a list kept here; `refuseCreate` answers a create. */
function serveWebhooks(webhooks: WebhookEndpoint[], refuseCreate?: Response) {
  return serveApi({
    '/api/account/webhooks': ({ init }) => {
      if (init?.method !== 'POST') return { webhooks };
      if (refuseCreate) return refuseCreate;
      const body = JSON.parse(init.body as string) as CreateWebhookRequest;
      const webhook: WebhookEndpoint = {
        id: '22222222-2222-4222-8222-222222222222',
        ...body,
        createdAt: '2030-02-01T09:00:00.000Z',
        deliveries: [],
      };
      webhooks.push(webhook);
      return Response.json({ secret: SECRET, webhook }, { status: 201 });
    },
    [`/api/account/webhooks/${ENDPOINT.id}`]: () => {
      webhooks.splice(webhooks.indexOf(ENDPOINT), 1);
      return { message: 'Webhook deleted' };
    },
  });
}

const endpointList = () => screen.findByRole('list', { name: 'Webhook endpoints' });

describe('the account page’s webhooks', () => {
  it('lists each endpoint with its events and deliveries: status, attempts, last answer', async () => {
    serveWebhooks([ENDPOINT]);
    renderInApp(<WebhooksSection />, '/account');
    const item = within(await endpointList()).getByRole('listitem');
    expect(item.textContent).toContain('https://example.com/hooks');
    expect(item.textContent).toContain('video.completed, video.failed');
    const [, pending, delivered] = within(item).getAllByRole('row');
    expect(
      within(pending!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'video.failed',
      'pending',
      '2',
      '500 · The receiver answered 500',
      'January 20, 2030, 3:05 PM',
    ]);
    expect(delivered!.textContent).toContain('delivered');
  });

  it('adds an endpoint for the events ticked and shows its secret once, with a Copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = serveWebhooks([]);
    renderInApp(<WebhooksSection />, '/account');
    await screen.findByText('No endpoints yet.');

    await user.type(screen.getByLabelText('Endpoint URL'), 'https://example.com/rasma');
    // Both events start ticked: untick the failures.
    await user.click(
      screen.getByLabelText(`video.failed: ${WEBHOOK_EVENT_LABELS['video.failed']}`),
    );
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    const notice = await screen.findByRole('region', { name: 'Your webhook signing secret' });
    expect(notice.textContent).toContain(SECRET);
    expect(notice.textContent).toContain('it will not be shown again');
    const [create] = requestsTo(fetchMock, '/api/account/webhooks').filter(
      (init) => init?.method === 'POST',
    );
    expect(JSON.parse(create!.body as string)).toEqual({
      url: 'https://example.com/rasma',
      events: ['video.completed'],
    });
    await user.click(within(notice).getByRole('button', { name: 'Copy signing secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    const item = within(await endpointList()).getByRole('listitem');
    expect(item.textContent).toContain('https://example.com/rasma');
    expect(item.textContent).not.toContain(SECRET);

    await user.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('shows the server’s refusal of a URL', async () => {
    const user = userEvent.setup();
    const refused = Response.json(
      { message: WEBHOOK_MESSAGES.privateAddress, code: 'WEBHOOK_URL_REFUSED' },
      { status: 400 },
    );
    serveWebhooks([], refused);
    renderInApp(<WebhooksSection />, '/account');
    await screen.findByText('No endpoints yet.');

    await user.type(screen.getByLabelText('Endpoint URL'), 'https://10.0.0.1/hooks');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(screen.queryByRole('region', { name: 'Your webhook signing secret' })).toBeNull();
  });

  it('deletes an endpoint once confirmed', async () => {
    const user = userEvent.setup();
    const fetchMock = serveWebhooks([ENDPOINT]);
    renderInApp(<WebhooksSection />, '/account');
    await user.click(
      within(await endpointList()).getByRole('button', { name: `Delete ${ENDPOINT.url}` }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(requestsTo(fetchMock, `/api/account/webhooks/${ENDPOINT.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No endpoints yet.');
    expect(requestsTo(fetchMock, `/api/account/webhooks/${ENDPOINT.id}`)[0]?.method).toBe('DELETE');
  });
});
