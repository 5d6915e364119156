import { vi } from 'vitest';

/** Answers every fetch with `status` and `body` (empty: no body); returns the mock to inspect calls. */
export function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(body || null, { status, statusText })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
