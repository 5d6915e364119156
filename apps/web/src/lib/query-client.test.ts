import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, createQueryClient, getQueryFn, serverMessage } from './query-client';

function mockFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(body || null, { status, statusText })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with cookies', async () => {
    const fetchMock = mockFetch(200, '{}');
    await apiRequest('POST', '/api/contact', { message: 'hi' });
    expect(fetchMock).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"message":"hi"}',
      credentials: 'include',
    });
  });

  it('turns a non-2xx into "<status>: <body text>"', async () => {
    mockFetch(400, '{"message":"Please enter a valid email address"}');
    await expect(apiRequest('POST', '/api/x', {})).rejects.toThrow(
      '400: {"message":"Please enter a valid email address"}',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  const run = (on401: 'returnNull' | 'throw', queryKey: string[]) =>
    getQueryFn({ on401 })({
      queryKey,
      signal: new AbortController().signal,
      meta: undefined,
      client: createQueryClient(),
    });

  it('GETs the key path with cookies and parses JSON', async () => {
    const fetchMock = mockFetch(200, '{"credits":12}');
    await expect(run('throw', ['/api/credits'])).resolves.toEqual({ credits: 12 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/credits');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('reads a 401 as "no user" when asked to', async () => {
    mockFetch(401, '{"message":"Unauthorized"}');
    await expect(run('returnNull', ['/api/auth/user'])).resolves.toBeNull();
  });

  it('throws on a 401 otherwise', async () => {
    mockFetch(401, '{"message":"Unauthorized"}');
    await expect(run('throw', ['/api/credits'])).rejects.toThrow('401: {"message":"Unauthorized"}');
  });
});

describe('createQueryClient', () => {
  it('never retries, never goes stale and never refetches on focus or interval', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
  });
});

describe('serverMessage', () => {
  it('reads the server message out of an API error', () => {
    expect(serverMessage(new Error('429: {"message":"Too many codes"}'), 'fallback')).toBe(
      'Too many codes',
    );
  });
  it('uses the body text or the fallback otherwise', () => {
    expect(serverMessage(new Error('500: Internal'), 'fallback')).toBe('Internal');
    expect(serverMessage('nope', 'fallback')).toBe('fallback');
  });
});
