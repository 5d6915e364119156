import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { api } from '@/lib/contract';

/** Looks a user up by e-mail; `mutate` again to refresh (after a refund). */
export function useUserLookup(onError: (error: Error) => void) {
  return useMutation({
    mutationFn: (email: string) => apiCall(api.adminUserLookup, { params: { email } }),
    onError,
  });
}
