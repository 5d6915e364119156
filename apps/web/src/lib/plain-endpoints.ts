import type { api, EndpointRequest, EndpointResult } from '@rasma/contract';
import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from './http';

type Api = typeof api;

/**
 * The endpoints the app shell, the public pages and the sign-in dialog reach (the session check,
 * the e-mail sign-in, the sign-in options, the support address, the page-view beacon, the sign-in
 * and log-out addresses, the balance's query key, the API's description on /developers), named
 * here so that none of them loads the contract's schemas. The compiler holds each to the endpoint table: a method or path
 * that differs from it fails the typecheck. Answers are read without a schema: the server parses
 * each answer with the table's schema before sending it, and these answers are plain JSON (no
 * transforms), so what arrives is what the schema gives.
 */
export const PLAIN_ENDPOINTS = {
  authUser: { method: 'GET', path: '/api/auth/user' },
  authProviders: { method: 'GET', path: '/api/auth/providers' },
  sendVerificationCode: { method: 'POST', path: '/api/send-verification-code' },
  verifyEmailCode: { method: 'POST', path: '/api/verify-email-code' },
  credits: { method: 'GET', path: '/api/credits' },
  siteInfo: { method: 'GET', path: '/api/site-info' },
  login: { method: 'GET', path: '/api/login' },
  logout: { method: 'GET', path: '/api/logout' },
  pageView: { method: 'POST', path: '/api/analytics/page-view' },
  openApi: { method: 'GET', path: '/api/openapi.json' },
} as const satisfies { [K in keyof Api]?: Pick<Api[K], 'method' | 'path'> };

type Plain = typeof PLAIN_ENDPOINTS;
/** The plain endpoints called with `method` that answer JSON. */
type PlainJson<Method> = {
  [K in keyof Plain]: Plain[K]['method'] extends Method
    ? [EndpointResult<Api[K]>] extends [never]
      ? never
      : K
    : never;
}[keyof Plain];
/** What a page reads. */
type PlainRead = PlainJson<'GET'>;
/** What a form posts to. */
type PlainWrite = PlainJson<'POST'>;

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

/** A plain read as a query: under its key, fetched with plainGet. */
export const plainQuery = <K extends PlainRead>(name: K) =>
  queryOptions({
    queryKey: plainQueryKey(name),
    queryFn: ({ signal }) => plainGet(name, signal),
  });

/** POSTs `body` as JSON to a plain write; a non-2xx answer throws an ApiError. */
export function plainPost<K extends PlainWrite>(
  name: K,
  body: EndpointRequest<Api[K]> extends { body: infer B } ? B : never,
): Promise<EndpointResult<Api[K]>> {
  return fetchJson('POST', PLAIN_ENDPOINTS[name].path, body, undefined) as Promise<
    EndpointResult<Api[K]>
  >;
}
