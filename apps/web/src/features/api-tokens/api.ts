import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiMutation, useApiQuery, type ApiMutationOptions } from '@/lib/api-query';
import { api } from '@/lib/contract';

export const useApiTokens = () => useApiQuery(api.apiTokens);

/** Reloads the list after a create or a revoke. */
export function useRefreshApiTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiQueryKey(api.apiTokens) });
}

export const useCreateApiToken = (options: ApiMutationOptions<typeof api.createApiToken>) =>
  useApiMutation(api.createApiToken, options);
export const useRevokeApiToken = (options: ApiMutationOptions<typeof api.revokeApiToken>) =>
  useApiMutation(api.revokeApiToken, options);
