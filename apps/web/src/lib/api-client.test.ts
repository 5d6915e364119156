import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/contract';
import { USER } from '@/test/fixtures';
import { stubFetch } from '@/test/stub-fetch';
import { apiCall, apiGet, apiUpload } from './api-client';
import { ApiError, retryAfterMs, serverMessage } from './http';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What a failed call rejects with. */
async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => error,
  );
}

describe('apiCall', () => {
  it("sends the endpoint's method and path, the body as JSON, with cookies", async () => {
    const fetchMock = stubFetch(200, '{"message":"Thanks"}');
    await apiCall(api.contact, { body: { message: 'hi' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"message":"hi"}',
      credentials: 'include',
    });
  });

  it("answers the response parsed by the endpoint's schema", async () => {
    stubFetch(200, JSON.stringify({ message: 'Verified', user: USER, extra: true }));
    const result = await apiCall(api.verifyEmailCode, {
      body: { email: 'a@example.com', code: '123456' },
    });
    expect(result).toEqual({ message: 'Verified', user: USER });
  });

  it("rejects a response that does not match the endpoint's schema", async () => {
    stubFetch(200, '{"message":"Verified"}');
    const error = await failure(
      apiCall(api.verifyEmailCode, { body: { email: 'a@example.com', code: '123456' } }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('POST /api/verify-email-code: unexpected response');
  });

  it('turns a non-2xx into an ApiError "<status>: <body text>" with the message and code', async () => {
    const body = '{"message":"Too many codes","code":"RATE_LIMITED"}';
    stubFetch(429, body);
    const error = await failure(apiCall(api.sendVerificationCode, { body: { email: 'a@b.co' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      message: `429: ${body}`,
      serverMessage: 'Too many codes',
      code: 'RATE_LIMITED',
    });
  });

  it("carries a 429's Retry-After, for the caller to wait that long", async () => {
    const body = '{"message":"Too many saves","code":"RATE_LIMITED"}';
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(body, { status: 429, headers: { 'Retry-After': '7' } })),
    );
    const error = await failure(apiCall(api.contact, { body: { message: 'hi' } }));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 7000 });
    stubFetch(429, body);
    expect(await failure(apiCall(api.contact, { body: { message: 'hi' } }))).toMatchObject({
      retryAfterMs: undefined,
    });
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(503, '', 'Service Unavailable');
    const error = await failure(apiCall(api.contact, { body: { message: 'hi' } }));
    expect(error).toMatchObject({
      status: 503,
      message: '503: Service Unavailable',
      serverMessage: 'Service Unavailable',
      code: undefined,
    });
  });

  it('keeps a body that is not JSON as the message, without a code', async () => {
    stubFetch(502, 'Bad gateway');
    const error = await failure(apiCall(api.contact, { body: { message: 'hi' } }));
    expect(error).toMatchObject({ message: '502: Bad gateway', serverMessage: 'Bad gateway' });
    expect((error as ApiError).code).toBeUndefined();
  });

  it("keeps the message but no code when the code is not one of the contract's", () => {
    const error = new ApiError(400, '{"message":"Bad URL","code":"FST_ERR_BAD_URL"}');
    expect(error).toMatchObject({ serverMessage: 'Bad URL', code: undefined });
  });
});

describe('apiGet', () => {
  it('GETs the path with cookies, no body, and the abort signal', async () => {
    const fetchMock = stubFetch(200, '{"credits":12}');
    const { signal } = new AbortController();
    await expect(apiGet(api.credits, signal)).resolves.toEqual({ credits: 12 });
    expect(fetchMock).toHaveBeenCalledWith('/api/credits', {
      method: 'GET',
      headers: {},
      credentials: 'include',
      signal,
    });
  });
});

describe('apiUpload', () => {
  it('POSTs the form as it is (the browser sets its multipart type), with cookies', async () => {
    const fetchMock = stubFetch(200, '{"success":true,"image":"data:image/png;base64,AA"}');
    const form = new FormData();
    form.append('image', new File(['bytes'], 'cat.png', { type: 'image/png' }));
    const answer = await apiUpload(api.previewOutline, form);
    expect(answer).toEqual({ success: true, image: 'data:image/png;base64,AA' });
    expect(fetchMock).toHaveBeenCalledWith('/api/preview-outline', {
      method: 'POST',
      headers: {},
      body: form,
      credentials: 'include',
    });
  });

  it("fills the path's parameters", async () => {
    const kept = {
      url: '/api/projects/p1/audio/voice',
      durationSeconds: 3,
      bytes: 9,
      fileName: 'a',
    };
    const fetchMock = stubFetch(200, JSON.stringify(kept));
    const form = new FormData();
    expect(
      await apiUpload(api.uploadProjectAudio, form, undefined, { id: 'p1', track: 'voice' }),
    ).toEqual(kept);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/projects/p1/audio/voice');
  });
});

describe('serverMessage', () => {
  it("reads the server's message out of an API error", () => {
    expect(serverMessage(new ApiError(429, '{"message":"Too many codes"}'), 'fallback')).toBe(
      'Too many codes',
    );
  });

  it('uses the body text, or the fallback for an empty one or another error', () => {
    expect(serverMessage(new ApiError(500, 'Internal'), 'fallback')).toBe('Internal');
    expect(serverMessage(new ApiError(500, ''), 'fallback')).toBe('fallback');
    expect(serverMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(serverMessage('nope', 'fallback')).toBe('fallback');
  });
});
