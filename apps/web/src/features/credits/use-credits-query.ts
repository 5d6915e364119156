import type { CreditsResponse } from '@rasma/contract';
import { useQuery } from '@tanstack/react-query';

export const CREDITS_KEY = ['/api/credits'] as const;

export function useCreditsQuery(enabled: boolean) {
  return useQuery<CreditsResponse>({ queryKey: CREDITS_KEY, enabled });
}
