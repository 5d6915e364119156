/** A progress stream lives only as long as its session, and one person's open streams are capped. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.js';
import { MAX_STREAMS_PER_USER } from '../src/modules/videos/progress-stream.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
});
afterAll(() => server.close());

/** Opens the user's progress stream; `ended` resolves once the server has closed it. */
async function openStream(userId: string, cookie: string) {
  const res = await server.request(`/api/video-progress/${userId}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return true;
  })();
  return { ended, cancel: () => reader.cancel() };
}

/** Whether `ended` resolves within `ms`. */
const endsWithin = (ended: Promise<boolean>, ms: number) =>
  Promise.race([ended, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('progress streams', () => {
  it('end when their session signs out', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const stream = await openStream(user.id, cookie);
    const logout = await server.request('/api/logout', {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      redirect: 'manual',
    });
    expect(logout.status).toBe(302);
    expect(await endsWithin(stream.ended, 5000)).toBe(true);
  });

  it('end when another server process signs the session out (the session is gone)', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const stream = await openStream(user.id, cookie);
    await server.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    // The session cache's 5 s, then the stream's next check.
    expect(await endsWithin(stream.ended, 10_000)).toBe(true);
  });

  it(`stay open while signed in, ${MAX_STREAMS_PER_USER} at most per person: a newer one closes the oldest`, async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const streams = [];
    for (let i = 0; i <= MAX_STREAMS_PER_USER; i++) streams.push(await openStream(user.id, cookie));
    expect(await endsWithin(streams[0]!.ended, 3000)).toBe(true);
    const others = await Promise.all(streams.slice(1).map((s) => endsWithin(s.ended, 3000)));
    expect(others).toEqual(Array<boolean>(MAX_STREAMS_PER_USER).fill(false));
    await Promise.all(streams.slice(1).map((s) => s.cancel()));
  });
});
