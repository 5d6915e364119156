import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '@/features/auth/use-auth';
import { videoProgressEventSchema, type VideoProgressEvent } from '@/lib/contract';
import { isNewEnding, type LiveProgress } from './live-progress';
import { refreshVideosAndCredits, videoProgressEvents } from './api';

const NONE: LiveProgress = new Map();

/**
 * Spec 2.5: the signed-in user's progress stream. Each event's status and progress is kept by video
 * id (they override the listed ones); a video that completes or fails refreshes the list and the
 * balance. EventSource reconnects by itself, and the server then sends a catch-up.
 */
export function useVideoProgress(): LiveProgress {
  const { user } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const [live, setLive] = useState(NONE);

  useEffect(() => {
    if (!userId) return;
    const source = videoProgressEvents(userId);
    // What this connection has heard so far.
    let known: LiveProgress = NONE;
    source.onmessage = ({ data }: MessageEvent<string>) => {
      let event: VideoProgressEvent;
      try {
        event = videoProgressEventSchema.parse(JSON.parse(data));
      } catch {
        return; // not an event of ours
      }
      const { videoId, progress, status } = event;
      if (isNewEnding(known, event)) void refreshVideosAndCredits(queryClient);
      known = new Map(known).set(videoId, { progress, status });
      setLive(known);
    };
    return () => source.close();
  }, [userId, queryClient]);

  return live;
}
