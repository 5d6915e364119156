import type { User } from '@rasma/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, fetchJson } from '@/lib/http';
import { SHELL_ENDPOINTS } from '@/lib/shell-endpoints';

const { method, path } = SHELL_ENDPOINTS.authUser;

/**
 * The signed-in user; the server's 401 means signed out (null), not an error. Its key is the one
 * `apiQueryKey(api.authUser)` gives (a GET on its path, spec 8).
 */
export const authUserQuery = queryOptions({
  queryKey: [path],
  queryFn: ({ signal }) =>
    fetchJson(method, path, undefined, signal).then(
      // The server sends the user parsed with the contract's userSchema (plain JSON, no transforms).
      (user) => user as User,
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      },
    ),
});

export function useAuth() {
  const { data, isLoading } = useQuery(authUserQuery);
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
