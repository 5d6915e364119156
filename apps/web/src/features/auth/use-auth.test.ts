import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { USER } from '@/test/fixtures';
import { stubFetch } from '@/test/stub-fetch';
import { authUserQuery } from './api';

const fetchUser = () => createQueryClient().fetchQuery(authUserQuery);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the signed-in user query', () => {
  it('GETs /api/auth/user and answers the user', async () => {
    const fetchMock = stubFetch(200, JSON.stringify(USER));
    await expect(fetchUser()).resolves.toEqual(USER);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/user');
  });

  it('reads a 401 as signed out (null), not an error', async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(fetchUser()).resolves.toBeNull();
  });

  it('fails on any other error', async () => {
    stubFetch(500, '{"message":"Internal server error"}');
    await expect(fetchUser()).rejects.toThrow('500: {"message":"Internal server error"}');
  });
});
