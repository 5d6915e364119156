import { expect, test, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { signUp } from '../support/auth.js';

test.use({ viewport: { width: 1280, height: 900 } });

const ACCEPTED = 'We accept JPG, PNG, WebP or GIF images up to 20 MB and 50 megapixels.';

/** Drops a file made in the page (`bytes` of it, or `size` zero bytes) on the drop zone. */
async function dropFile(page: Page, file: { name: string; text?: string; size?: number }) {
  const dataTransfer = await page.evaluateHandle(({ name, text, size }) => {
    const transfer = new DataTransfer();
    const content = text ?? new Uint8Array(size ?? 0);
    transfer.items.add(new File([content], name, { type: 'image/png' }));
    return transfer;
  }, file);
  await page.getByText('Drop your image here').dispatchEvent('drop', { dataTransfer });
}

/** A PNG whose header says `width` x `height`: refused from the header, as the server would. */
const pngHeader = (width: number, height: number) => {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]).copy(
    bytes,
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
};

test('files that are not images we take are refused at the drop zone, saying why, with nothing sent', async ({
  page,
}) => {
  await signUp(page);
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') sent.push(request);
  });
  const refusal = page.getByRole('alert');

  await dropFile(page, { name: 'notes.png', text: 'shopping list: milk, eggs' });
  await expect(refusal).toHaveText(`“notes.png” is not a JPG, PNG, WebP or GIF image. ${ACCEPTED}`);

  await dropFile(page, { name: 'huge.png', size: 30 * 1024 * 1024 });
  await expect(refusal).toHaveText(`“huge.png” is 30 MB. ${ACCEPTED}`);

  await page.getByLabel('Choose an image file').setInputFiles({
    name: 'panorama.png',
    mimeType: 'image/png',
    buffer: pngHeader(10_000, 6_000),
  });
  await expect(refusal).toHaveText(
    `“panorama.png” is 10000 × 6000 pixels (60 megapixels). ${ACCEPTED}`,
  );

  await expect(page.getByRole('button', { name: 'Choose Another Image' })).toHaveCount(0);
  expect(sent.map((request) => request.url())).toEqual([]);

  // A real image is then taken, and the message goes.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#222' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Choose an image file')
    .setInputFiles({ name: 'fine.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'fine.png' })).toBeVisible();
  await expect(refusal).toHaveCount(0);
});

test('the drawing time says why an entry is not applied, and how long the video will be', async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Use Sample Image' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cat in Box' }).click();
  const field = page.getByLabel('Drawing time (seconds)');
  const note = page.locator('#drawing-time-note');
  await expect(note).toHaveText(
    'The video lasts 17 s: the drawing, then 2 s on the finished picture.',
  );

  // Typing "0" over 15 leaves 15, and says why.
  await field.selectText();
  await field.press('0');
  await expect(field).toHaveValue('15');
  await expect(page.getByRole('alert')).toHaveText(
    '“0” was not applied: the drawing time is a whole number of seconds from 1 to 100.',
  );

  // "101" stops at 10, and says why.
  await field.selectText();
  await field.pressSequentially('101');
  await expect(field).toHaveValue('10');
  await expect(page.getByRole('alert')).toHaveText(/^“101” was not applied/);

  // An 8 s drawing is a 10 s video, 12 s in colour.
  await field.selectText();
  await field.press('8');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(note).toHaveText(
    'The video lasts 10 s: the drawing, then 2 s on the finished picture.',
  );
  await page.getByLabel('AI model').selectOption('rasma-ai-color');
  await expect(note).toHaveText(
    'The video lasts 12 s: the drawing, the colouring, then 2 s on the finished picture.',
  );
});

test('a large image is worked on at 3840 px on its long side, upright, and the storage used shows', async ({
  page,
}) => {
  // The image each project was made with, as the page sent it.
  await page.addInitScript(() => {
    const sent: { name: string; type: string }[] = [];
    const send = window.fetch.bind(window);
    Object.assign(window, { sentImages: sent });
    window.fetch = (input, init) => {
      const image = init?.body instanceof FormData ? init.body.get('image') : null;
      if (image instanceof File) sent.push({ name: image.name, type: image.type });
      return send(input, init);
    };
  });
  const sentImages = () =>
    page.evaluate(() => (window as unknown as { sentImages: unknown[] }).sentImages);
  const naturalSize = (name: string) =>
    page
      .getByRole('img', { name })
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  await signUp(page);

  // Part transparent: it stays a PNG.
  const wide = await sharp({
    create: {
      width: 5000,
      height: 2000,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0.5 },
    },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Choose an image file')
    .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });
  await expect(page.getByRole('img', { name: 'wide.png' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => naturalSize('wide.png')).toEqual([3840, 1536]);
  await expect(page.getByText(/^Storage: [\d.]+ (bytes|KB|MB) of 250 MB used$/)).toBeVisible({
    timeout: 30_000,
  });

  // A photo taken sideways (EXIF orientation 6), opaque: upright, a JPEG.
  await page.getByRole('button', { name: 'Choose Another Image' }).click();
  const sideways = await sharp({
    create: { width: 5000, height: 2000, channels: 3, background: '#2a6' },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  await page
    .getByLabel('Choose an image file')
    .setInputFiles({ name: 'sideways.jpg', mimeType: 'image/jpeg', buffer: sideways });
  await expect(page.getByRole('img', { name: 'sideways.jpg' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => naturalSize('sideways.jpg')).toEqual([1536, 3840]);
  await expect.poll(sentImages, { timeout: 30_000 }).toEqual([
    { name: 'wide.png', type: 'image/png' },
    { name: 'sideways.jpg', type: 'image/jpeg' },
  ]);
});
