import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { creditsQueryKey } from '@/features/credits/use-credits';
import { apiCall } from '@/lib/api-client';
import { apiQueryKey } from '@/lib/api-query';
import { api, endpointUrl } from '@/lib/contract';

/** Every library page is keyed under the list's path, so one invalidation reaches them all. */
const videosKey = [endpointUrl(api.videos)] as const;

export const videosPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...videosKey, { page }],
    queryFn: ({ signal }) => apiCall(api.videos, { query: { page } }, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The library (and the recent images it came from) after a video was made, finished or removed,
 * and the storage used: an upload waiting for its render counts until the video is made.
 */
export const refreshVideos = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: videosKey }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(api.images) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(api.storageUsage) }),
  ]);

/** The library and the balance, after a video finished or failed (a failure refunds). */
export const refreshVideosAndCredits = (queryClient: QueryClient) =>
  Promise.all([
    refreshVideos(queryClient),
    queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
  ]);
