import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signUp } from '../support/auth.js';
import { RENDER_TIMEOUT_MS } from '../support/videos.js';

/** A receiver on loopback (the e2e server runs with WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rasma-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('the account page adds a webhook endpoint whose secret signs the delivery it then lists', async ({
  page,
  context,
}) => {
  test.setTimeout(RENDER_TIMEOUT_MS + 60_000);
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page);
    await page.reload();
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No endpoints yet.')).toBeVisible();

    await section.getByLabel('Endpoint URL').fill(receiver.url);
    await section.getByLabel(/^video\.failed/).uncheck();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const notice = section.getByRole('region', { name: 'Your webhook signing secret' });
    await expect(notice).toContainText('it will not be shown again');
    await notice.getByRole('button', { name: 'Copy signing secret' }).click();
    await expect(notice.getByRole('status')).toHaveText('Copied.');
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(/^whsec_/);
    const endpoints = section.getByRole('list', { name: 'Webhook endpoints' });
    await expect(endpoints).toContainText(receiver.url);
    await expect(endpoints).toContainText('No deliveries yet.');

    // A video made with the page's session; its completion is the event.
    const image = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#ffffff' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect x="40" y="40" width="240" height="160" fill="none" stroke="#000" stroke-width="8"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const created = await page.request.post('/api/videos/create', {
      multipart: {
        image: { name: 'box.png', mimeType: 'image/png', buffer: image },
        blobData: JSON.stringify({ drawingTime: 1 }),
      },
    });
    expect(created.status()).toBe(201);

    await expect
      .poll(() => receiver.received.length, { timeout: RENDER_TIMEOUT_MS })
      .toBeGreaterThan(0);
    const [delivery] = receiver.received;
    const { t, v1 } = Object.fromEntries(
      String(delivery!.headers['rasma-signature'])
        .split(',')
        .map((field) => field.split('=')),
    ) as { t: string; v1: string };
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${delivery!.body}`).digest('hex'));
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'video.completed' });

    // The list shows the delivery once the page reads it again.
    await expect(async () => {
      await page.reload();
      await expect(endpoints.getByRole('row', { name: /video\.completed/ })).toContainText(
        'delivered',
      );
    }).toPass({ timeout: 30_000 });

    await section.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(section.getByText('No endpoints yet.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
