import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { useApiMutation } from '@/lib/api-query';
import { api, type Video } from '@/lib/contract';
import { refreshVideos } from './videos-query';

/** Asks before a video is deleted for good; `video` null keeps the dialog closed. */
export function DeleteVideoDialog({
  video,
  onClose,
}: {
  video: Video | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useApiMutation(api.deleteVideo, {
    onSuccess: () => {
      toast({ title: 'Video Deleted', description: `"${video?.title}" was removed.` });
      onClose();
      void refreshVideos(queryClient);
    },
    onError: () =>
      toast({
        title: 'Delete Failed',
        description: 'Failed to delete video. Please try again.',
        variant: 'destructive',
      }),
  });
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Delete Video</DialogTitle>
        <DialogDescription>
          Are you sure you want to delete "{video?.title}"? This action cannot be undone.
        </DialogDescription>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => video && remove.mutate({ params: { id: video.id } })}
          >
            {remove.isPending && <Spinner />}
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
