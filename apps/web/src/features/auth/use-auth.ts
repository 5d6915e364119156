import type { User } from '@rasma/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/query-client';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/** Signed in when `/api/auth/user` returns a user; its 401 means signed out (not an error). */
export function useAuth() {
  const { data, isLoading } = useQuery<User | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  });
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
