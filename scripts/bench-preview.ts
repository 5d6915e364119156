/**
 * Outline preview benchmark (`npm run bench:preview`), on the production server as users run it:
 * 1. memory: the server's resident memory before, at its peak during, and 60 s after a burst of 20
 *    previews of a 50-megapixel picture sent at once by 20 people (target: back near its level
 *    before within a minute);
 * 2. fairness: another person's small preview alone, and while one person sends a burst of the
 *    heaviest previews a payload may carry (4 zones of 100,000 points at the widest brush).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { heaviestZones, markdownTable, signIn, startServer } from './bench-support.js';

const BURST = 20;

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'rasma-bench-preview-'));
  const server = await startServer(path.join(work, 'data'), undefined);
  try {
    const dataDir = path.join(work, 'data');
    // 8660 x 5773: 50 megapixels of noise (the worst to decode and outline), a 16 MB JPEG.
    const huge = await sharp({
      create: {
        width: 8660,
        height: 5773,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 75 })
      .toBuffer();
    const small = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const people: string[] = [];
    for (let i = 0; i < BURST; i++) people.push(await signIn(server.url, dataDir));
    const other = await signIn(server.url, dataDir);

    const alone = await timed(() => preview(server.url, other, small, {}));
    await delay(3000);
    const before = server.rssMb();
    let peak = before;
    const sampling = setInterval(() => (peak = Math.max(peak, server.rssMb())), 100);
    const burstTime = await timed(() =>
      Promise.all(people.map((cookie) => preview(server.url, cookie, huge, {}))),
    ).finally(() => clearInterval(sampling));
    await delay(60_000);
    const after = server.rssMb();

    const heavy = { maskDetails: JSON.stringify(heaviestZones(640, 480)) };
    const attack = Promise.all(
      Array.from({ length: 3 }, () => preview(server.url, people[0] ?? other, small, heavy)),
    );
    await delay(1000);
    const behind = await timed(() => preview(server.url, other, small, {}));
    await attack;
    console.log(
      markdownTable([
        { measure: 'resident memory before the burst', value: `${before} MB` },
        { measure: `peak during ${BURST} previews of 50 MP at once`, value: `${peak} MB` },
        { measure: '60 s after the burst', value: `${after} MB` },
        { measure: `the burst, all ${BURST} answered`, value: `${burstTime.toFixed(1)} s` },
        { measure: 'a small preview alone', value: `${alone.toFixed(2)} s` },
        { measure: 'a small preview behind a heavy burst', value: `${behind.toFixed(2)} s` },
      ]),
    );
  } finally {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

/** One preview; a 409 (replaced by the same person's newer one) counts as answered. */
async function preview(url: string, cookie: string, image: Buffer, fields: Record<string, string>) {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(image)]), 'picture');
  form.set('globalThreshold', '128');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const res = await fetch(`${url}/api/preview-outline`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  await res.arrayBuffer();
  if (res.status !== 200 && res.status !== 409) throw new Error(`preview: ${res.status}`);
}

await main();
