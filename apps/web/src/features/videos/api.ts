import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@/features/credits/api';
import { uploadKeys } from '@/features/upload/api';
import { workspaceKeys } from '@/features/workspace/api';
import { apiCall } from '@/lib/api-client';
import { useApiMutation, type ApiMutationOptions } from '@/lib/api-query';
import { api, endpointUrl, type ExportFormat } from '@/lib/contract';

/** The library's cache entries. */
export const videosKeys = {
  /** Every library page is keyed under the list's path, so one invalidation reaches them all. */
  all: [endpointUrl(api.videos)],
  page: (page: number) => [endpointUrl(api.videos), { page }],
} as const;

/** How often a page is read again while one of its exports is being made (no event tells it). */
export const EXPORT_POLL_MS = 2000;

export const videosPageQuery = (page: number) =>
  queryOptions({
    queryKey: videosKeys.page(page),
    queryFn: ({ signal }) => apiCall(api.videos, { query: { page } }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.videos.some(
        (video) =>
          video.status === 'completed' && video.exports.some((e) => e.status === 'processing'),
      )
        ? EXPORT_POLL_MS
        : false,
  });

/**
 * The library (and the recent images it came from) after a video was made, finished or removed,
 * and the storage used: an upload waiting for its render counts until the video is made.
 */
export const refreshVideos = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: videosKeys.all }),
    queryClient.invalidateQueries({ queryKey: uploadKeys.images }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.storageUsage }),
  ]);

/** The library and the balance, after a video finished or failed (a failure refunds). */
export const refreshVideosAndCredits = (queryClient: QueryClient) =>
  Promise.all([
    refreshVideos(queryClient),
    queryClient.invalidateQueries({ queryKey: creditsKeys.balance }),
  ]);

export const useDeleteVideo = (options: ApiMutationOptions<typeof api.deleteVideo>) =>
  useApiMutation(api.deleteVideo, options);

/** A WebM or GIF of a finished video, asked for from the library. */
export const useCreateVideoExport = (options: ApiMutationOptions<typeof api.createVideoExport>) =>
  useApiMutation(api.createVideoExport, options);

/** A file the library downloads: the MP4, or one of the video's exports. */
export type DownloadFormat = 'mp4' | ExportFormat;

/** Where a video's file in that format is downloaded from. */
export const downloadUrl = (id: string, format: DownloadFormat) =>
  format === 'mp4'
    ? endpointUrl(api.downloadVideo, { id })
    : endpointUrl(api.downloadVideoExport, { id, format });

/** A file of one of the person's videos (with the session cookie); a non-2xx answer throws. */
export async function fetchVideoFile(id: string, format: DownloadFormat): Promise<Response> {
  const response = await fetch(downloadUrl(id, format), { credentials: 'include' });
  if (!response.ok) throw new Error(`download answered ${response.status}`);
  return response;
}

/** The person's live render progress: server-sent events, reconnecting by themselves. */
export const videoProgressEvents = (userId: string) =>
  new EventSource(endpointUrl(api.videoProgress, { userId }), { withCredentials: true });
