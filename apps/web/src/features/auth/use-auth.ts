import { useQuery } from '@tanstack/react-query';
import { authUserQuery } from './api';

export function useAuth() {
  const { data, isLoading } = useQuery(authUserQuery);
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
