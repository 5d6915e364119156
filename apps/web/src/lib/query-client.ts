import { QueryClient } from '@tanstack/react-query';

/**
 * Spec 8: queries are never retried, never go stale and never refetch on focus or on an interval.
 * Each query brings its own function (lib/api-query.ts): a GET on its key path.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
