import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { apiQueryKey, useApiQuery } from '@/lib/api-query';
import {
  ADMIN_LIMITS,
  api,
  endpointUrl,
  IDEMPOTENCY_KEY_HEADER,
  type AnalyticsRange,
} from '@/lib/contract';
import { ApiError } from '@/lib/http';

/** The admin pages' cache entries: a query's key is its GET with its query string (spec 8). */
export const adminKeys = {
  analytics: apiQueryKey(api.adminAnalytics),
  usersPage: (page: number) => [
    endpointUrl(api.adminUsers, undefined, { page, limit: ADMIN_LIMITS.usersPageSize }),
  ],
  websiteAnalytics: (timeRange: AnalyticsRange) => [
    endpointUrl(api.websiteAnalytics, undefined, { timeRange }),
  ],
} as const;

export const useAdminAnalytics = () => useApiQuery(api.adminAnalytics);
export const useFailedVideos = () => useApiQuery(api.adminFailedVideos);

/** Every user, a page at a time, newest first; the page shown stays until the next comes. */
export const useAdminUsers = (page: number) =>
  useQuery({
    queryKey: adminKeys.usersPage(page),
    queryFn: ({ signal }) =>
      apiCall(api.adminUsers, { query: { page, limit: ADMIN_LIMITS.usersPageSize } }, signal),
    placeholderData: keepPreviousData,
  });

/** The website's own analytics over `timeRange`. */
export const useWebsiteAnalytics = (timeRange: AnalyticsRange) =>
  useQuery({
    queryKey: adminKeys.websiteAnalytics(timeRange),
    queryFn: ({ signal }) => apiCall(api.websiteAnalytics, { query: { timeRange } }, signal),
  });

/** Looks a user up by e-mail; `mutate` again to refresh (after a refund). */
export function useUserLookup(onError: (error: Error) => void) {
  return useMutation({
    mutationFn: (email: string) => apiCall(api.adminUserLookup, { params: { email } }),
    onError,
  });
}

/** One refund: its own idempotency key, so a retried request is added once. */
export const refundCredits = (userId: string, credits: number) =>
  apiCall(
    api.adminRefund,
    { params: { userId }, body: { credits, reason: `Manual refund - ${credits} credits` } },
    undefined,
    { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
  );

/** Any user's finished video, as the server sends it; a non-2xx answer throws an ApiError. */
export async function fetchAnyVideo(id: string): Promise<Response> {
  const res = await fetch(endpointUrl(api.adminDownloadVideo, { id }), { credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return res;
}
