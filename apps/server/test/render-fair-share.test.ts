/**
 * Renders are shared fairly between networks as well as people: new free accounts made from one
 * place are one crowd, whose next video goes before anybody's second but no further ahead, and a
 * person who has paid is not held back by the free accounts sharing their address.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videos } from '../src/db/schema.js';
import { JOBS } from '../src/jobs/definitions.js';
import { applyCreditChange } from '../src/modules/credits/ledger.js';
import { sendingQueue } from './support/queue.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { createVideo, newAccount } from './support/videos.js';

vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
beforeAll(async () => {
  // No render workers: every job waits until the test takes it, as a worker would. Each request
  // names its client in X-Forwarded-For, as the proxy in front of a deployment does.
  server = await startTestServer({ RENDER_WORKERS: '0', TRUST_PROXY: '1' });
});
afterAll(() => server?.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const account = () => newAccount(server.database, server.app.sessions);

/** The videos of the waiting render jobs, in the order the queue hands them to its workers. */
async function takenInOrder(): Promise<string[]> {
  const queue = sendingQueue(server.database);
  const taken: string[] = [];
  for (;;) {
    const [job] = await queue.fetch<{ videoId: string }>(JOBS.renderVideo.name);
    if (!job) return taken;
    taken.push(job.data.videoId);
  }
}

// Each test takes every job it queued; the videos stay waiting, so each uses networks of its own.
describe('the render queue between networks', () => {
  it("takes a person's first video before the second of a crowd of new free accounts from one network", async () => {
    const crowd = await Promise.all([1, 2, 3, 4].map(account));
    // Four addresses of one /24, all at once (on PostgreSQL, creates that counted the network's
    // waiting videos side by side would each count none).
    const crowdVideos = await Promise.all(
      crowd.map(({ cookie }, i) =>
        createVideo(server.url, cookie, {}, from(`203.0.113.${10 + i}`)),
      ),
    );
    const victim = await createVideo(
      server.url,
      (await account()).cookie,
      {},
      from('198.51.100.7'),
    );

    const order = await takenInOrder();
    expect(order).toHaveLength(5);
    expect(crowdVideos.map((v) => v.id)).toContain(order[0]);
    expect(order[1]).toBe(victim.id);

    // One keyed hash for the crowd's network, another for the victim's; no address in either.
    const rows = await server.database.db
      .select({ id: videos.id, network: videos.requesterNetwork })
      .from(videos)
      .where(inArray(videos.id, order));
    const crowdNetworks = new Set(rows.filter((r) => r.id !== victim.id).map((r) => r.network));
    const victimNetwork = rows.find((r) => r.id === victim.id)?.network;
    expect(crowdNetworks.size).toBe(1);
    expect(victimNetwork).toMatch(/^[\w-]{43}$/);
    expect(crowdNetworks.has(victimNetwork ?? null)).toBe(false);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|198\.51\.100/);
  });

  it('lets a person who has paid neither wait for nor hold back the free accounts on their network', async () => {
    const free = await account();
    const paying = await account();
    const neighbour = await account();
    const stranger = await account();
    await server.database.db.transaction((tx) =>
      applyCreditChange(tx, {
        userId: paying.user.id,
        delta: 100,
        kind: 'pack_purchase',
        reason: 'Pack of 100 credits',
        idempotencyKey: `test-pack:${paying.user.id}`,
      }),
    );
    const create = async ({ cookie }: { cookie: string }, ip: string) =>
      (await createVideo(server.url, cookie, {}, from(ip))).id;
    const free1 = await create(free, '192.0.2.10');
    const paid1 = await create(paying, '192.0.2.11');
    const paid2 = await create(paying, '192.0.2.11');
    const neighbour1 = await create(neighbour, '192.0.2.12');
    const stranger1 = await create(stranger, '198.18.0.20');
    const stranger2 = await create(stranger, '198.18.0.20');

    // The firsts (the free network's, the paying person's, the stranger's), then the seconds: the
    // paying person's first is not behind their network's, and their two do not push the
    // neighbour's first (their network's second) behind the stranger's second.
    expect(await takenInOrder()).toEqual([free1, paid1, stranger1, paid2, neighbour1, stranger2]);
  });
});
