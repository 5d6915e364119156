import type { api } from '@rasma/contract';

type Api = typeof api;

/**
 * The calls the app shell makes on every page (the session check, the page-view beacon, the log-out
 * link), named here so that the landing page loads none of the contract's schemas. The compiler holds
 * each to the endpoint table: a method or path that differs from it fails the typecheck. Their
 * answers are read without a schema: the server parses each answer with the table's schema before
 * sending it.
 */
export const SHELL_ENDPOINTS = {
  authUser: { method: 'GET', path: '/api/auth/user' },
  logout: { method: 'GET', path: '/api/logout' },
  pageView: { method: 'POST', path: '/api/analytics/page-view' },
} as const satisfies { [K in keyof Api]?: Pick<Api[K], 'method' | 'path'> };
