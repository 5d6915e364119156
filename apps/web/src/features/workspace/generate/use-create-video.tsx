import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInUrl } from '@/features/auth/api';
import { creditsKeys } from '@/features/credits/api';
import { refreshVideos } from '@/features/videos/api';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/http';
import { createVideo } from '../api';
import { createFailure, type CreateFailure } from './create-failure';
import { ToastLinkAction } from './toast-link-action';

/** After "Session Expired", the sign-in page opens this much later. */
export const SIGN_IN_AGAIN_DELAY_MS = 1500;

const FAILURE_TOASTS = {
  'session-expired': {
    title: 'Session Expired',
    description: 'Please log in again to continue.',
  },
  'insufficient-credits': {
    title: 'Insufficient Credits',
    description: "You don't have enough credits to create a video.",
    action: <ToastLinkAction to="/credits" label="Add Credits" />,
  },
  failed: {
    title: 'Video Creation Failed',
    description: 'There was an error creating your animation video. Please try again.',
  },
};

/** The toast for a failure: the server's own sentence when trying again now would not help. */
function failureToast(failure: CreateFailure, error: unknown) {
  if (failure !== 'too-many-waiting') return FAILURE_TOASTS[failure];
  return {
    ...FAILURE_TOASTS.failed,
    description: serverMessage(error, FAILURE_TOASTS.failed.description),
  };
}

/**
 * Spec 2.5: sends the image and settings; the library then shows the new video. The form may still
 * be in the making (the project's audio files being fetched): the call is pending meanwhile.
 */
export function useCreateVideo({ onCreated }: { onCreated: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: Promise<FormData>) => createVideo(await form),
    onSuccess: () => {
      toast({
        title: 'Video Creation Started!',
        description: 'Your sketch is being drawn. Follow its progress in your library below.',
      });
      onCreated();
      void refreshVideos(queryClient);
    },
    onError: (error) => {
      const failure = createFailure(error);
      toast({ ...failureToast(failure, error), variant: 'destructive' });
      if (failure === 'session-expired') {
        setTimeout(() => window.location.assign(signInUrl()), SIGN_IN_AGAIN_DELAY_MS);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditsKeys.balance }),
  });
}
