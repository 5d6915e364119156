import { apiQueryKey, useApiQuery } from '@/lib/api-query';
import { api } from '@/lib/contract';

/** The signed-in user's credit balance (the sign-in dialog refreshes it by its plain key). */
export const creditsQueryKey = apiQueryKey(api.credits);

export const useCredits = () => useApiQuery(api.credits);
