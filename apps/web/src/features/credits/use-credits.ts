import { apiQueryKey, useApiQuery } from '@/lib/api-query';
import { api } from '@/lib/contract';

/** The signed-in user's credit balance. */
export const creditsQueryKey = apiQueryKey(api.credits);

export const useCredits = () => useApiQuery(api.credits);
