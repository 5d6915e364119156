import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiQuery } from '@/lib/api-query';
import { api } from '@/lib/contract';
import { creditsQueryKey } from './use-credits';

export const useUserDetails = () => useApiQuery(api.userDetails);
export const usePaymentConfig = () => useApiQuery(api.paymentConfig);

/** After a plan or payment change: the balance, the plan details and the history. */
export function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(api.userDetails) }),
      queryClient.invalidateQueries({ queryKey: ['credit-history'] }),
    ]);
}
