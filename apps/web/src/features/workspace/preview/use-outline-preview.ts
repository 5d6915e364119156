import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/http';
import { previewOutline } from '../api';
import { useDelayedFlag } from './use-delayed-flag';

/** The overlay appears only for a preview that takes longer than this. */
export const PREVIEW_OVERLAY_DELAY_MS = 500;

/**
 * The server's outline preview of the image with the fill level and zones. Its `image` is a PNG
 * data URL, shown until `close()`.
 */
export function useOutlinePreview() {
  const preview = useMutation({
    mutationFn: previewOutline,
    onError: (error) =>
      // Asked again before it came: the newer preview answers instead.
      !(error instanceof ApiError && error.code === 'PREVIEW_REPLACED') &&
      toast({
        title: 'Preview Generation Failed',
        description: 'Failed to generate preview outline. Please try again.',
        variant: 'destructive',
      }),
  });
  return {
    request: preview.mutate,
    pending: preview.isPending,
    showOverlay: useDelayedFlag(preview.isPending, PREVIEW_OVERLAY_DELAY_MS),
    image: preview.data ?? null,
    close: preview.reset,
  };
}
