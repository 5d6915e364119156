import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/contract';
import { stubFetch } from '@/test/stub-fetch';
import { apiQuery } from './api-query';
import { createQueryClient } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an endpoint query', () => {
  it('GETs its key path with cookies and caches the parsed answer under that key', async () => {
    const fetchMock = stubFetch(200, '{"credits":12}');
    const client = createQueryClient();
    const query = apiQuery(api.credits);
    expect(query.queryKey).toEqual(['/api/credits']);
    await expect(client.fetchQuery(query)).resolves.toEqual({ credits: 12 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/credits');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(client.getQueryData(['/api/credits'])).toEqual({ credits: 12 });
  });

  it('fails on a 401', async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(createQueryClient().fetchQuery(apiQuery(api.credits))).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });
});
