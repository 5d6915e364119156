import {
  endpointUrl,
  type Endpoint,
  type EndpointRequest,
  type EndpointResult,
} from '@/lib/contract';
import { fetchJson } from './http';

/** An endpoint that answers JSON (not a redirect, a file or events). */
export type JsonEndpoint = Endpoint & { response: Exclude<Endpoint['response'], string> };

/** A GET that takes no input: what a query calls (its key is this URL). */
export type QueryEndpoint = JsonEndpoint & { method: 'GET'; params?: never; query?: never };

/** Calls an endpoint of the table: its URL, its JSON body, its response parsed with its schema. */
export function apiCall<E extends JsonEndpoint>(
  endpoint: E,
  request: EndpointRequest<E>,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<EndpointResult<E>> {
  const { params, query, body } = request as RequestParts;
  return send(endpoint, endpointUrl(endpoint, params, query), body, signal, headers);
}

/** GETs an endpoint that takes no input. */
export function apiGet<E extends QueryEndpoint>(
  endpoint: E,
  signal?: AbortSignal,
): Promise<EndpointResult<E>> {
  return send(endpoint, endpointUrl(endpoint), undefined, signal);
}

/**
 * A multipart endpoint's call: the form (its file and fields) as is, the response as `apiCall`'s;
 * `params` fill the path's (`/api/projects/:id/audio/:track`).
 */
export function apiUpload<E extends JsonEndpoint & { multipart: true }>(
  endpoint: E,
  form: FormData,
  signal?: AbortSignal,
  params?: Record<string, string>,
): Promise<EndpointResult<E>> {
  return send(endpoint, endpointUrl(endpoint, params), form, signal);
}

interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

async function send<E extends JsonEndpoint>(
  endpoint: E,
  url: string,
  body: unknown,
  signal: AbortSignal | undefined,
  headers?: Record<string, string>,
): Promise<EndpointResult<E>> {
  const answer = await fetchJson(endpoint.method, url, body, signal, headers);
  const parsed = endpoint.response.safeParse(answer);
  if (!parsed.success) {
    throw new Error(`${endpoint.method} ${url}: unexpected response`, { cause: parsed.error });
  }
  // Parsed by E's own schema: TypeScript cannot follow a generic endpoint's schema to its output.
  return parsed.data as EndpointResult<E>;
}
