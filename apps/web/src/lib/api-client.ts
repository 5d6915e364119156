import {
  endpointUrl,
  errorResponseSchema,
  type Endpoint,
  type EndpointRequest,
  type EndpointResult,
} from '@rasma/contract';

/** An endpoint that answers JSON (not a redirect, a file or events). */
export type JsonEndpoint = Endpoint & { response: Exclude<Endpoint['response'], string> };

/** A GET that takes no input: what a query calls (its key is this URL). */
export type QueryEndpoint = JsonEndpoint & { method: 'GET'; params?: never; query?: never };

/**
 * A non-2xx answer. Its message follows spec 8: "<status>: <body text, or the status text if the
 * body is empty>".
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The `message` of the server's `{ message, code }` body, or the body text when it is not one. */
  readonly serverMessage: string;
  readonly code: string | undefined;

  constructor(
    readonly status: number,
    text: string,
  ) {
    super(`${status}: ${text}`);
    const body = errorResponseSchema.safeParse(parseJson(text));
    this.serverMessage = body.success ? body.data.message : text;
    this.code = body.success ? body.data.code : undefined;
  }
}

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

/** A multipart endpoint's call: the form (its file and fields) as is, the response as `apiCall`'s. */
export function apiUpload<E extends JsonEndpoint & { multipart: true }>(
  endpoint: E,
  form: FormData,
  signal?: AbortSignal,
): Promise<EndpointResult<E>> {
  return send(endpoint, endpointUrl(endpoint), form, signal);
}

/** What to tell the user about a failed call: what the server said, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
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
  headers: Record<string, string> = {},
): Promise<EndpointResult<E>> {
  // A form sets its own multipart Content-Type (with the boundary).
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(url, {
    method: endpoint.method,
    headers: json ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: json ? JSON.stringify(body) : body,
    credentials: 'include',
    signal,
  });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  const parsed = endpoint.response.safeParse(await res.json());
  if (!parsed.success) {
    throw new Error(`${endpoint.method} ${url}: unexpected response`, { cause: parsed.error });
  }
  // Parsed by E's own schema: TypeScript cannot follow a generic endpoint's schema to its output.
  return parsed.data as EndpointResult<E>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
