import type { Video, VideoProgressEvent } from '@rasma/contract';

export type LiveProgress = ReadonlyMap<string, Pick<Video, 'progress' | 'status'>>;

/** The listed videos with the latest streamed status and progress of each, where one came. */
export function withLiveProgress(videos: readonly Video[], live: LiveProgress): Video[] {
  return videos.map((video) => {
    const latest = live.get(video.id);
    return latest ? { ...video, ...latest } : video;
  });
}

/**
 * Whether an event ends a video for the first time: the list and the balance are then out of date.
 * A reconnect's catch-up repeats what was already known and does not count again.
 */
export function isNewEnding(live: LiveProgress, event: VideoProgressEvent): boolean {
  return event.status !== 'processing' && live.get(event.videoId)?.status !== event.status;
}
