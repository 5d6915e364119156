import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiUpload } from '@/lib/api-client';
import { ApiError } from '@/lib/http';
import { api } from '@/lib/contract';
import { imageForm, previewFields } from '../generate/video-form';
import type { Zone } from '../zones/zone';
import { useDelayedFlag } from './use-delayed-flag';

/** The overlay appears only for a preview that takes longer than this. */
export const PREVIEW_OVERLAY_DELAY_MS = 500;

/**
 * The server's outline preview of the image with the fill level and zones. Its `image` is a PNG
 * data URL, shown until `close()`.
 */
export function useOutlinePreview() {
  const preview = useMutation({
    mutationFn: async (input: { image: File; grayscaleLevel: number; zones: readonly Zone[] }) => {
      const fields = previewFields(input.grayscaleLevel, input.zones);
      const answer = await apiUpload(api.previewOutline, imageForm(input.image, fields));
      if (!answer.success || !answer.image) throw new Error('the preview came back empty');
      return answer.image;
    },
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
