import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toast } from '@/hooks/use-toast';
import type { Video } from '@/lib/contract';
import { refreshVideos, useDeleteVideo } from './api';

/** Asks before a video is deleted for good; `video` null keeps the dialog closed. */
export function DeleteVideoDialog({
  video,
  onClose,
}: {
  video: Video | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useDeleteVideo({
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
    <ConfirmDeleteDialog
      open={video !== null}
      title="Delete Video"
      pending={remove.isPending}
      onConfirm={() => video && remove.mutate({ params: { id: video.id } })}
      onClose={onClose}
    >
      Are you sure you want to delete "{video?.title}"? This action cannot be undone.
    </ConfirmDeleteDialog>
  );
}
