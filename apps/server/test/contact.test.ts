import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (body: string, cookie?: string) =>
  server.request('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body,
  });

const latestMessage = async () =>
  (
    await server.database.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .limit(1)
  )[0];

describe('POST /api/contact', () => {
  it('stores a trimmed message from a visitor with an optional e-mail', async () => {
    const res = await post(
      JSON.stringify({ email: ' Someone@Example.com ', message: '  Love it!  ' }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Message sent' });
    expect(await latestMessage()).toMatchObject({
      email: 'someone@example.com',
      message: 'Love it!',
      userId: null,
    });
  });

  it('accepts a message without an e-mail and links a signed-in sender', async () => {
    const { user, cookie } = await createSignedInUser(server.database.db);
    const res = await post(JSON.stringify({ email: '', message: 'Feature idea' }), cookie);
    expect(res.status).toBe(201);
    expect(await latestMessage()).toMatchObject({
      email: null,
      message: 'Feature idea',
      userId: user.id,
    });
  });

  it.each([
    [JSON.stringify({ message: '   ' }), 'message: Please write a message before sending.'],
    [
      JSON.stringify({ email: 'not-an-email', message: 'hi' }),
      'email: Please enter a valid email address',
    ],
    [JSON.stringify({ message: 'x'.repeat(10_001) }), 'message: Too big'],
    ['{"message": "unterminated', 'Malformed JSON in request body'],
  ])('refuses %s with a 400 and a clear message', async (body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string };
    expect(json.message.startsWith(message)).toBe(true);
  });
});
