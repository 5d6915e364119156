import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiQuery } from '@/lib/api-query';
import { api } from '@/lib/contract';
import { creditsQueryKey } from './use-credits';

export const useUserDetails = () => useApiQuery(api.userDetails);
export const usePaymentConfig = () => useApiQuery(api.paymentConfig);

/** Dollars with 2 decimals from cents (spec 9). */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

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
