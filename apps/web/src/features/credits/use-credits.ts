import { useApiQuery } from '@/lib/api-query';
import { api } from '@/lib/contract';
import { plainQueryKey } from '@/lib/plain-endpoints';

/** The signed-in user's credit balance (the sign-in dialog refreshes it by this key). */
export const creditsQueryKey = plainQueryKey('credits');

export const useCredits = () => useApiQuery(api.credits);
