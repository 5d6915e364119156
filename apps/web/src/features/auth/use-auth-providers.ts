import type { AuthProvidersResponse } from '@rasma/contract';
import { useQuery } from '@tanstack/react-query';

export function useAuthProviders() {
  return useQuery<AuthProvidersResponse>({ queryKey: ['/api/auth/providers'] });
}
