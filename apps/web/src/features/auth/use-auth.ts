import { api } from '@rasma/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';
import { apiQueryKey } from '@/lib/api-query';

/** The signed-in user; the server's 401 means signed out (null), not an error. */
export const authUserQuery = queryOptions({
  queryKey: apiQueryKey(api.authUser),
  queryFn: ({ signal }) =>
    apiGet(api.authUser, signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }),
});

export function useAuth() {
  const { data, isLoading } = useQuery(authUserQuery);
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
