import { useQuery } from '@tanstack/react-query';
import { withLiveProgress } from './live-progress';
import { useVideoProgress } from './use-video-progress';
import { videosPageQuery } from './api';

/** A page of the library with the streamed progress laid over it. */
export function useLibraryPage(page: number) {
  const query = useQuery(videosPageQuery(page));
  const live = useVideoProgress();
  return {
    videos: withLiveProgress(query.data?.videos ?? [], live),
    pagination: query.data?.pagination,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}
