import {
  queryOptions,
  useMutation,
  useQuery,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { endpointUrl, type EndpointRequest, type EndpointResult } from '@/lib/contract';
import { apiCall, apiGet, type JsonEndpoint, type QueryEndpoint } from './api-client';

/** Spec 8: a query is a GET on its key path, so an endpoint's cache entry is found from the table. */
export const apiQueryKey = (endpoint: QueryEndpoint) => [endpointUrl(endpoint)];

export const apiQuery = <E extends QueryEndpoint>(endpoint: E) =>
  queryOptions({
    queryKey: apiQueryKey(endpoint),
    queryFn: ({ signal }) => apiGet(endpoint, signal),
  });

export function useApiQuery<E extends QueryEndpoint>(endpoint: E, { enabled = true } = {}) {
  return useQuery({ ...apiQuery(endpoint), enabled });
}

/** What a form's call does with its answer (everything but the call itself). */
export type ApiMutationOptions<E extends JsonEndpoint> = Omit<
  UseMutationOptions<EndpointResult<E>, Error, EndpointRequest<E>>,
  'mutationFn'
>;

/** A form's call: `mutate(request)` sends it through the typed client. */
export function useApiMutation<E extends JsonEndpoint>(
  endpoint: E,
  options: ApiMutationOptions<E>,
) {
  return useMutation({ ...options, mutationFn: (request) => apiCall(endpoint, request) });
}
