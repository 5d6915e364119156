import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/http';
import { plainGet, plainQueryKey } from '@/lib/plain-endpoints';

/** The signed-in user; the server's 401 means signed out (null), not an error. */
export const authUserQuery = queryOptions({
  queryKey: plainQueryKey('authUser'),
  queryFn: ({ signal }) =>
    plainGet('authUser', signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }),
});

export function useAuth() {
  const { data, isLoading } = useQuery(authUserQuery);
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
