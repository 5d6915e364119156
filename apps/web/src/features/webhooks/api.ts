import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiQueryKey, useApiMutation, type ApiMutationOptions } from '@/lib/api-query';
import { api } from '@/lib/contract';

/** How often the list is read again while a delivery is pending (its attempts go on meanwhile). */
export const PENDING_POLL_MS = 5000;

/** The person's endpoints, each with its newest deliveries. */
export const useWebhooks = () =>
  useQuery(
    queryOptions({
      queryKey: apiQueryKey(api.webhooks),
      queryFn: ({ signal }) => apiGet(api.webhooks, signal),
      refetchInterval: (query) =>
        query.state.data?.webhooks.some((webhook) =>
          webhook.deliveries.some((delivery) => delivery.status === 'pending'),
        )
          ? PENDING_POLL_MS
          : false,
    }),
  );

/** Reloads the list after a create or a delete. */
export function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiQueryKey(api.webhooks) });
}

export const useCreateWebhook = (options: ApiMutationOptions<typeof api.createWebhook>) =>
  useApiMutation(api.createWebhook, options);
export const useDeleteWebhook = (options: ApiMutationOptions<typeof api.deleteWebhook>) =>
  useApiMutation(api.deleteWebhook, options);
