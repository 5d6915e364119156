import type { OAuthProvider } from '@rasma/contract/constants';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/http';
import {
  PLAIN_ENDPOINTS,
  plainGet,
  plainPost,
  plainQuery,
  plainQueryKey,
} from '@/lib/plain-endpoints';

// Signing in goes without the contract's schemas (lib/plain-endpoints.ts): the app shell, the
// public pages and the sign-in dialog load none.

/** The sign-in's cache entries. */
export const authKeys = {
  user: plainQueryKey('authUser'),
  /** The credit balance (creditsKeys.balance), by its plain key: a sign-in refreshes it. */
  balance: plainQueryKey('credits'),
} as const;

/** The signed-in user; the server's 401 means signed out (null), not an error. */
export const authUserQuery = queryOptions({
  queryKey: authKeys.user,
  queryFn: ({ signal }) =>
    plainGet('authUser', signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }),
});

/** Which sign-in providers this server has keys for. */
export const authProvidersQuery = plainQuery('authProviders');

export const sendVerificationCode = (email: string) => plainPost('sendVerificationCode', { email });

export const verifyEmailCode = (body: { email: string; code: string }) =>
  plainPost('verifyEmailCode', body);

/** The login endpoint: a full-page navigation there signs in (with `provider`, through it). */
export const signInUrl = (provider?: OAuthProvider) =>
  provider
    ? `${PLAIN_ENDPOINTS.login.path}?${new URLSearchParams({ provider })}`
    : PLAIN_ENDPOINTS.login.path;

/** The log-out endpoint: a navigation there ends the session. */
export const LOG_OUT_URL = PLAIN_ENDPOINTS.logout.path;
