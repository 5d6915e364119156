import { vi } from 'vitest';

/** What a fake endpoint answers to one request: a Response, or JSON (status 200). */
export type FakeAnswer = (request: { url: string; init?: RequestInit }) => Response | object;

/**
 * Stubs `fetch` with an API whose paths (query included) answer as given; any other path fails
 * the test. Returns the mock, to read the requests it got.
 */
export function serveApi(routes: Record<string, FakeAnswer>) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const route = routes[url];
    if (!route) return Promise.reject(new Error(`no fake answer for ${url}`));
    const answer = route({ url, init });
    return Promise.resolve(answer instanceof Response ? answer : Response.json(answer));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests the mock got for `path`. */
export const requestsTo = (fetchMock: ReturnType<typeof serveApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => init);
