import { api } from '@rasma/contract';
import { apiQueryKey, useApiQuery } from '@/lib/api-query';

/** The signed-in user's credit balance. */
export const creditsQueryKey = apiQueryKey(api.credits);

export const useCredits = () => useApiQuery(api.credits);
