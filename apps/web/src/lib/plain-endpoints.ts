import type { api, EndpointResult } from '@rasma/contract';
import { fetchJson } from './http';

type Api = typeof api;

/**
 * The endpoints the app shell and the public pages reach (the session check, the support address,
 * the page-view beacon, the sign-in and log-out addresses), named here so that those pages load
 * none of the contract's schemas. The compiler holds each to the endpoint table: a method or path
 * that differs from it fails the typecheck. Answers are read without a schema: the server parses
 * each answer with the table's schema before sending it, and these answers are plain JSON (no
 * transforms), so what arrives is what the schema gives.
 */
export const PLAIN_ENDPOINTS = {
  authUser: { method: 'GET', path: '/api/auth/user' },
  siteInfo: { method: 'GET', path: '/api/site-info' },
  login: { method: 'GET', path: '/api/login' },
  logout: { method: 'GET', path: '/api/logout' },
  pageView: { method: 'POST', path: '/api/analytics/page-view' },
} as const satisfies { [K in keyof Api]?: Pick<Api[K], 'method' | 'path'> };

type Plain = typeof PLAIN_ENDPOINTS;
/** The plain endpoints a page reads: a GET answering JSON. */
type PlainRead = {
  [K in keyof Plain]: Plain[K]['method'] extends 'GET'
    ? [EndpointResult<Api[K]>] extends [never]
      ? never
      : K
    : never;
}[keyof Plain];

/** A plain read's query key: its path, the key `apiQueryKey` gives the same endpoint (spec 8). */
export const plainQueryKey = (name: PlainRead) => [PLAIN_ENDPOINTS[name].path];

/** GETs a plain read; a non-2xx answer throws an ApiError. */
export function plainGet<K extends PlainRead>(
  name: K,
  signal?: AbortSignal,
): Promise<EndpointResult<Api[K]>> {
  return fetchJson('GET', PLAIN_ENDPOINTS[name].path, undefined, signal) as Promise<
    EndpointResult<Api[K]>
  >;
}
