import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';

test.describe('the developers page', () => {
  test('is linked from the footer and shows the API from its description, with copyable examples', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Developers' })
      .click();
    await expect(page).toHaveURL('/developers');
    await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();

    // The site's own origin, to copy as it is.
    const start = page.getByRole('region', { name: 'Get started' });
    await expect(start.getByText(`export RASMA_URL=${baseURL}`)).toBeVisible();
    await expect(start.getByRole('link', { name: 'account page' })).toHaveAttribute(
      'href',
      '/account',
    );

    // Rendered from /api/openapi.json: the scopes, the examples, the webhooks, the reference.
    const scopes = page.getByRole('region', { name: 'Scopes' });
    for (const scope of ['videos:read', 'videos:create', 'projects']) {
      await expect(scopes.getByRole('rowheader', { name: scope })).toBeVisible();
    }
    const examples = page.getByRole('region', { name: 'Make a video with curl' });
    const create = examples.getByRole('figure', { name: /Create a video from an upload/ });
    await expect(create.locator('pre')).toContainText('"$RASMA_URL/api/videos/create"');
    await create.getByRole('button', { name: 'Copy: Create a video from an upload' }).click();
    await expect(create.getByRole('status')).toHaveText('Copied.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('-F "image=@picture.webp"');
    expect(copied).toBe(await create.locator('pre').innerText());

    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await expect(webhooks.getByText('video.completed', { exact: true })).toBeVisible();
    await expect(webhooks.locator('pre')).toContainText('timingSafeEqual');
    await expect(page.getByRole('region', { name: 'Export formats' })).toContainText(
      'Transparent WebM',
    );
    const reference = page.getByRole('region', { name: 'Reference' });
    await expect(reference.getByRole('heading', { name: 'POST /api/videos/create' })).toBeVisible();
    await expect(
      reference.getByRole('heading', { name: 'GET /api/videos/{id}/download' }),
    ).toBeVisible();

    // The description is fetched by the page: neither it nor the contract's schemas weigh on it.
    expect(scripts.filter((path) => /\/schemas-/.test(path))).toEqual([]);
  });

  test('the description it reads is the one the build wrote, served as public JSON', async ({
    request,
  }) => {
    const res = await request.get('/api/openapi.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    const built = new URL('../../apps/server/dist/openapi.json', import.meta.url);
    expect(await res.text()).toBe(await readFile(built, 'utf8'));
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths)).toContain('/api/videos/create');
  });
});
