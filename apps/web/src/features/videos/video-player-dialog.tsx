import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { api, endpointUrl, type Video } from '@/lib/contract';

/** Plays a finished video, streamed (the server answers range requests, so it can seek). */
export function VideoPlayerDialog({
  video,
  onClose,
}: {
  video: Video | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogTitle className="truncate pr-8">{video?.title}</DialogTitle>
        <DialogDescription className="sr-only">Your sketch video</DialogDescription>
        {video && (
          <video
            controls
            autoPlay
            playsInline
            src={endpointUrl(api.streamVideo, { id: video.id })}
            className="max-h-[75vh] w-full rounded-lg bg-black"
            onError={() =>
              toast({
                title: 'Playback Error',
                description:
                  'Video conversion in progress. Please try again in a moment or download the video.',
                variant: 'destructive',
              })
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
