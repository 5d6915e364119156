import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { apiQueryKey, useApiMutation, useApiQuery, type ApiMutationOptions } from '@/lib/api-query';
import { api } from '@/lib/contract';

/** The credits feature's cache entries. The sign-in dialog refreshes the balance by its plain key. */
export const creditsKeys = {
  /** The signed-in user's credit balance. */
  balance: apiQueryKey(api.credits),
  userDetails: apiQueryKey(api.userDetails),
  /** Every page of the history, so one invalidation reaches them all. */
  history: ['credit-history'],
  historyPage: (page: number) => ['credit-history', page],
} as const;

export const useCredits = () => useApiQuery(api.credits);
export const useUserDetails = () => useApiQuery(api.userDetails);
export const usePaymentConfig = () => useApiQuery(api.paymentConfig);

/** One page of the balance's history, newest first; the page shown stays until the next comes. */
export const useCreditHistory = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: creditsKeys.historyPage(page),
      queryFn: ({ signal }) => apiCall(api.creditHistory, { query: { page } }, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** After a plan or payment change: the balance, the plan details and the history. */
export function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: creditsKeys.balance }),
      queryClient.invalidateQueries({ queryKey: creditsKeys.userDetails }),
      queryClient.invalidateQueries({ queryKey: creditsKeys.history }),
    ]);
}

export const useSubscribe = (options: ApiMutationOptions<typeof api.subscribe>) =>
  useApiMutation(api.subscribe, options);
export const usePurchaseCredits = (options: ApiMutationOptions<typeof api.purchaseCredits>) =>
  useApiMutation(api.purchaseCredits, options);
export const useScheduleSubscriptionChange = (
  options: ApiMutationOptions<typeof api.scheduleSubscriptionChange>,
) => useApiMutation(api.scheduleSubscriptionChange, options);
/** The test payment provider's card form: confirms a payment with a test card number. */
export const useTestPaymentConfirm = (options: ApiMutationOptions<typeof api.testPaymentConfirm>) =>
  useApiMutation(api.testPaymentConfirm, options);
